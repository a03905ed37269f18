import type { MikroORM } from '@mikro-orm/postgresql';
import type { RequestHandler } from 'express';
import { ERROR_REASONS } from '../domain/error-reasons';
import { bearerToken } from './bearer-token';
import { errorBody } from './errors';
import type { AppServices } from '../contract/app-services';
import type { SessionData } from '../trpc/context';
import { AppError } from '../trpc/errors';
import { currentAdministrator } from '../trpc/administrator';

/**
 * The same check for the administrator's express routes beside the REST mirror (the CSV export, uploads): the
 * session cookie, or an API token. Failures answer the Error body (and Retry-After for a rate limit).
 */
export function administratorOnly(deps: { orm: MikroORM; services: AppServices }): RequestHandler {
  return async (req, res, next) => {
    const apiToken = bearerToken(req);
    try {
      const administrator = await currentAdministrator(
        {
          em: deps.orm.em.fork(),
          session: apiToken === undefined ? ((req.session ?? {}) as SessionData) : {},
          services: deps.services,
          apiToken,
        },
        req.method,
      );
      if (administrator) return next();
      res.status(401).json(errorBody(401, 'Sign in as the administrator first'));
    } catch (error) {
      if (!(error instanceof AppError)) return next(error);
      const status = ERROR_REASONS[error.reason].status;
      const retryAfter = error.details.retryAfterSeconds;
      if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
      const body = errorBody(status, error.message, error.reason);
      res.status(status).json({ ...body, data: { ...body.data, ...error.details } });
    }
  };
}
