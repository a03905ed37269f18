import type { MikroORM } from '@mikro-orm/postgresql';
import type { Express } from 'express';
import { errorBody } from './errors';
import type { AppServices } from '../contract/app-services';
import { unsubscribe, ONE_CLICK_PATH } from '../modules/newsletter';

/**
 * RFC 8058 one-click unsubscribe: a mail client POSTs `List-Unsubscribe=One-Click` (form-encoded) to the address
 * in the List-Unsubscribe header, from its own servers, with no cookie and no page. The signed token in the
 * address says who; the body is not needed. Mounted before the JSON body parser, which would refuse a form, as a
 * route of the app itself: a router of its own was entered by every request on its way (a few µs each).
 */
export function oneClickUnsubscribe(app: Express, deps: { orm: MikroORM; services: AppServices }) {
  app.post(ONE_CLICK_PATH, (req, res, next) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const email = token.length <= 1000 ? deps.services.unsubscribeTokens.verify(token) : null;
    if (!email) {
      res
        .status(400)
        .json(errorBody(400, 'token: This unsubscribe link is not valid. Please use the link from your email.', 'VALIDATION_FAILED'));
      return;
    }
    unsubscribe(deps.orm.em.fork(), email)
      .then(() => res.json({ success: true, email }))
      .catch(next);
  });
}
