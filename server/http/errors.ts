import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { Logger } from '../logger';

/** An unknown /api path answers JSON, never the storefront's HTML. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No such API path: ${req.method} ${req.baseUrl}${req.path}`, code: 'NOT_FOUND' });
};

const CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/** Last handler: errors raised by middleware (bad JSON, a body too large...) answer JSON with an honest status. */
export function jsonErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (isDatabaseUnavailable(error)) {
      res
        .status(503)
        .json({ message: "The shop's database is not reachable right now. Please try again in a moment.", code: 'SERVICE_UNAVAILABLE' });
      return;
    }
    const status = typeof error?.status === 'number' && error.status >= 400 && error.status < 600 ? error.status : 500;
    if (status >= 500)
      logger.error({ reqId: res.locals.requestId, err: { message: error?.message, name: error?.name }, path: req.path }, 'request failed');
    if (res.headersSent) return;
    const message =
      status === 400 && error?.type === 'entity.parse.failed'
        ? 'The request body is not valid JSON'
        : status === 413
          ? 'The request body is too large'
          : status < 500 && error?.expose
            ? String(error.message)
            : 'Internal server error';
    res.status(status).json({ message, code: CODES[status] ?? 'INTERNAL_SERVER_ERROR' });
  };
}
