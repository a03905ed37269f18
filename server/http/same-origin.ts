import type { Request, RequestHandler } from 'express';
import type { Config } from '../config';
import { bearerToken } from './bearer-token';
import { errorBody } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originHost(value: string): string | undefined {
  try {
    return new URL(value).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/** The host the browser asked for: Host, or X-Forwarded-Host when the request came through the trusted proxy. */
function requestHost(req: Request): string {
  return (req.host ?? req.headers.host ?? '').toLowerCase();
}

/**
 * Refuses state-changing requests sent by another site (D16), a guard beside the SameSite=Lax cookie. The
 * sender is read from Origin, or lacking it Referer; requests carrying neither (scripts, curl) are not from
 * a browser page and pass, as do requests to /api with an API token. Same origin = this request's own host, or
 * PUBLIC_URL's.
 */
export function sameOriginWrites(config: Pick<Config, 'PUBLIC_URL'>): RequestHandler {
  const publicHost = config.PUBLIC_URL ? originHost(config.PUBLIC_URL) : undefined;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    // An API token is no ambient credential a page of another site could borrow (a browser would ask CORS first,
    // which the shop never grants), and the REST mirror reads no cookie beside one.
    if (req.baseUrl === '/api' && bearerToken(req) !== undefined) return next();
    const sender = req.headers.origin ?? req.headers.referer;
    if (sender === undefined) return next();
    const host = originHost(sender);
    if (host && (host === requestHost(req) || host === publicHost)) return next();
    res.status(403).json(errorBody(403, 'Requests from another site are not allowed'));
  };
}
