import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { pino } from 'pino';
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

/** Writes a request's one log line. */
export type RequestLines = (line: { reqId: string; method: string | undefined; route: string; status: number; ms: number }) => void;

/**
 * The writer of request lines: the line `logger.info({ reqId, method, route, status, ms }, 'request')` writes (for a
 * 5xx, `logger.error(..., 'request failed')`), put together here and handed to the logger's own destination, with its
 * level check, time and bindings (pino.symbols, which pino exposes for integrations that need speed). pino's general
 * serialiser took 1.7-2.0 µs a line against 0.25 for this one (in process), about 4% of a tax call's CPU. None of
 * the fields needs redaction or escaping beyond JSON's: ids and routes are checked patterns (requestId, routeOf).
 * request-log.test.ts compares the two lines.
 */
export function requestLines(logger: Logger): RequestLines {
  const own = logger as unknown as Record<symbol, unknown>;
  const stream = own[pino.symbols.streamSym] as { write(line: string): void };
  const time = own[pino.symbols.timeSym] as () => string;
  const bindings = own[pino.symbols.chindingsSym] as string;
  return ({ reqId, method, route, status, ms }) => {
    const failed = status >= 500;
    if (!logger.isLevelEnabled(failed ? 'error' : 'info')) return;
    const head = `{"level":${failed ? 50 : 30}${time()}${bindings},"reqId":${JSON.stringify(reqId)}`;
    const fields = `${method === undefined ? '' : `,"method":${JSON.stringify(method)}`},"route":${JSON.stringify(route)}`;
    stream.write(`${head}${fields},"status":${status},"ms":${ms},"msg":"${failed ? 'request failed' : 'request'}"}\n`);
  };
}

/** The request's one log line (an error line for a 5xx), written by requestLines' writer, and its duration in the metrics. */
export function logRequest(
  lines: RequestLines,
  request: { id: string; method?: string; route: string; status: number; started: bigint },
  metrics?: Metrics,
) {
  const ms = Number(process.hrtime.bigint() - request.started) / 1e6;
  metrics?.observeRequest(request.method, request.route, request.status, ms / 1000);
  lines({ reqId: request.id, method: request.method, route: request.route, status: request.status, ms: Math.round(ms * 10) / 10 });
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
