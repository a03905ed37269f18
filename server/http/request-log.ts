import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger';

const SAFE_ID = /^[\w.-]{1,64}$/;

/**
 * Gives every request an id (a proxy's X-Request-Id when it is sane), returns it in the response, and logs one
 * JSON line when the response is done: method, path without the query string, status, duration. Nothing from
 * bodies, cookies or headers, so no personal data or secret can reach the log this way.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const id = requestId(req);
    res.setHeader('X-Request-Id', id);
    res.locals.requestId = id;
    const started = process.hrtime.bigint();
    res.on('finish', () => logRequest(logger, { id, method: req.method, path: req.path, status: res.statusCode, started }));
    next();
  };
}

/** A proxy's X-Request-Id when it is sane, or a new one. */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

/** The request's one log line (an error line for a 5xx). */
export function logRequest(logger: Logger, request: { id: string; method?: string; path: string; status: number; started: bigint }) {
  const ms = Number(process.hrtime.bigint() - request.started) / 1e6;
  const line = { reqId: request.id, method: request.method, path: request.path, status: request.status, ms: Math.round(ms * 10) / 10 };
  if (request.status >= 500) logger.error(line, 'request failed');
  else logger.debug(line, 'request');
}
