import { randomUUID } from 'node:crypto';
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
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', id);
    res.locals.requestId = id;
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = { reqId: id, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 };
      if (res.statusCode >= 500) logger.error(line, 'request failed');
      else logger.debug(line, 'request');
    });
    next();
  };
}
