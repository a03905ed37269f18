import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isDatabaseUnavailable } from '../db/unavailable';
import { defaultReason, type ErrorReason } from '../domain/error-reasons';
import type { Logger } from '../logger';
import { routeOf } from './request-log';

/** The one error body of /api and /trpc's express layer, the same shape the procedures' errors have (D25). */
export function errorBody(status: number, message: string, reason: ErrorReason = defaultReason(status)) {
  const code = CODES[status] ?? 'INTERNAL_SERVER_ERROR';
  return { message, code, data: { code, httpStatus: status, reason } };
}

/** An unknown /api path answers JSON, never the storefront's HTML. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json(errorBody(404, `No such API path: ${req.method} ${req.baseUrl}${req.path}`));
};

const CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/** What the errors of express and its body parsers carry (http-errors). */
interface HttpError {
  status?: unknown;
  message?: unknown;
  name?: unknown;
  type?: unknown;
  expose?: unknown;
}

/** Last handler: errors raised by middleware (bad JSON, a body too large...) answer JSON with an honest status. */
export function jsonErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (isDatabaseUnavailable(error)) {
      res
        .status(503)
        .json(errorBody(503, "The shop's database is not reachable right now. Please try again in a moment.", 'DATABASE_UNAVAILABLE'));
      return;
    }
    const { status, body } = middlewareErrorAnswer(error);
    if (status >= 500) {
      const http = error as HttpError;
      logger.error(
        { reqId: res.locals.requestId, err: { message: http.message, name: http.name }, route: routeOf(req.path, res.locals.route) },
        'request failed',
      );
    }
    if (res.headersSent) return;
    res.status(status).json(body);
  };
}

/** The status and body an error of express or a body parser answers with (http-errors' status, when honest). */
export function middlewareErrorAnswer(error: unknown): { status: number; body: ReturnType<typeof errorBody> } {
  const http = (typeof error === 'object' && error !== null ? error : {}) as HttpError;
  const status = typeof http.status === 'number' && http.status >= 400 && http.status < 600 ? http.status : 500;
  const unparsed = status === 400 && http.type === 'entity.parse.failed';
  const malformed = unparsed || (status === 400 && http.type === 'entity.encoding');
  const message = unparsed
    ? 'The request body is not valid JSON'
    : status === 413
      ? 'The request body is too large'
      : status < 500 && http.expose
        ? String(http.message)
        : 'Internal server error';
  return { status, body: errorBody(status, message, malformed ? 'MALFORMED_REQUEST' : defaultReason(status)) };
}
