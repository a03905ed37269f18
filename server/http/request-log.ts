import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { findPage } from '../domain/page-addresses';
import type { Logger } from '../logger';
import type { Metrics } from './metrics';

const SAFE_ID = /^[\w.-]{1,64}$/;

/**
 * Gives every request an id (a proxy's X-Request-Id when it is sane), returns it in the response, and logs one
 * JSON line when the response is done: method, route (the pattern, not the address), status, duration. Nothing
 * from addresses, bodies, cookies or headers, so no personal data or secret can reach the log this way.
 */
export function requestLog(logger: Logger, metrics?: Metrics): RequestHandler {
  // The line's fields are fixed and hold no secret, so its logger skips the redaction of the app's logger, which
  // walks every line for the censored paths: 2.9 -> 0.6 µs a line on Node 24 (pino's child with no paths).
  const lines = logger.child({}, { redact: { paths: [] } });
  return (req, res, next) => {
    const id = requestId(req);
    res.setHeader('X-Request-Id', id);
    res.locals.requestId = id;
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const route = routeOf(req.path, res.locals.route);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      metrics?.observeRequest(req.method, route, res.statusCode, ms / 1000);
      const line = { reqId: id, method: req.method, route, status: res.statusCode, ms: Math.round(ms * 10) / 10 };
      if (res.statusCode >= 500) lines.error(line, 'request failed');
      else lines.info(line, 'request');
    });
    next();
  };
}

/** A proxy's X-Request-Id when it is sane, or a new one. */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * The route a request took, never its raw address (which holds ids, slugs and tokens): the REST operation's
 * documented path (set by the REST adapter), the tRPC procedures, the storefront page's pattern, or a fixed name.
 */
export function routeOf(path: string, known: unknown): string {
  if (typeof known === 'string') return known;
  if (path.startsWith('/trpc/')) return /^\/trpc\/[\w.,]{1,500}$/.test(path) ? path : '/trpc (unknown)';
  if (path.startsWith('/api/')) return '/api (unknown)';
  for (const prefix of ['/assets/', '/uploads/', '/og/', '/images/']) if (path.startsWith(prefix)) return `${prefix}*`;
  return findPage(path)?.page.path ?? (['/sitemap.xml', '/robots.txt', '/favicon.svg'].includes(path) ? path : 'other');
}
