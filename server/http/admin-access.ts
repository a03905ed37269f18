import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { RequestHandler } from 'express';
import { ERROR_REASONS } from '../domain/error-reasons';
import { bearerToken } from './bearer-token';
import { errorBody } from './errors';
import type { AppServices } from '../contract/app-services';
import type { SessionData } from '../trpc/context';
import { AppError } from '../trpc/errors';
import type { IAdminSession } from '../modules/admin/admin-session.entity';
import type { IApiToken } from '../modules/admin/api-token.entity';

/** Who acts as the administrator: the owner's signed-in browser, or a script with an API token. */
export type Administrator = { session: IAdminSession; token?: undefined } | { token: IApiToken; session?: undefined };

interface AccessContext {
  em: EntityManager;
  session: SessionData;
  services: AppServices;
  /** Only on the REST mirror and the express routes beside it (server/http/bearer-token.ts). */
  apiToken?: string;
}

/**
 * The administrator a request comes from, or null when it carries no credentials (or a session that ended). A
 * request with an API token is judged by the token alone: a bad one fails (401, 403 or 429) whatever its cookie.
 * `method`: a GET reads; anything else writes, which a read-only token may not.
 */
export async function currentAdministrator(ctx: AccessContext, method: string): Promise<Administrator | null> {
  if (ctx.apiToken !== undefined) {
    return { token: await ctx.services.apiTokens.authenticate(ctx.em, ctx.apiToken, method !== 'GET') };
  }
  const session = await ctx.services.adminSessions.current(ctx);
  return session ? { session } : null;
}

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
