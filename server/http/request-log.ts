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
  const lines = requestLines(logger);
  return (req, res, next) => {
    const id = requestId(req);
    res.setHeader('X-Request-Id', id);
    res.locals.requestId = id;
    const started = process.hrtime.bigint();
    res.on('finish', () =>
      logRequest(lines, { id, method: req.method, route: routeOf(req.path, res.locals.route), status: res.statusCode, started }, metrics),
    );
    next();
  };
}

/** A proxy's X-Request-Id when it is sane, or a new one. */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * The logger of request lines: the app's, without its redaction of secret fields, which no request line has (id,
 * method, route, status, duration). Redaction was four fifths of the cost of writing a line (measured).
 */
export function requestLines(logger: Logger): Logger {
  return logger.child({}, { redact: [] });
}

/** The request's one log line (an error line for a 5xx), written with requestLines' logger, and its duration in the metrics. */
export function logRequest(
  logger: Logger,
  request: { id: string; method?: string; route: string; status: number; started: bigint },
  metrics?: Metrics,
) {
  const ms = Number(process.hrtime.bigint() - request.started) / 1e6;
  metrics?.observeRequest(request.method, request.route, request.status, ms / 1000);
  const line = { reqId: request.id, method: request.method, route: request.route, status: request.status, ms: Math.round(ms * 10) / 10 };
  if (request.status >= 500) logger.error(line, 'request failed');
  else logger.info(line, 'request');
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
