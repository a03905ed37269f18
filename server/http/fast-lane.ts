import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { whenAnswered, type RestAnswer, type RestOperations } from '../rest/rest-adapter';
import { middlewareErrorAnswer } from './errors';
import { BODY_LIMIT_BYTES, checkJsonBody } from './json-body';
import type { Metrics } from './metrics';
import { logRequest, requestId, requestLines } from './request-log';
import { hasValidHost } from './request-hygiene';
import { apiSecurityHeaders } from './security-headers';
import { sessionCookie } from './session-cookie';

/**
 * What a script or integrator calls in bulk with a JSON body and no cookie: the public calculations (tax, shipping,
 * a cart's quote) and the checkout's two writes (a card payment, the order). `session`: the operation writes the
 * session cookie (an order is remembered by the browser that placed it, D13), so the answer sets one as the app's
 * would.
 */
const FAST_PATHS: Record<string, { session: boolean }> = {
  '/api/tax/calculate': { session: false },
  '/api/shipping/calculate': { session: false },
  '/api/checkout/quote': { session: false },
  '/api/square/process-payment': { session: false },
  '/api/orders': { session: true },
};

/**
 * Answers a script's call of FAST_PATHS before express, through the same REST operation and error bodies as the
 * app (server/rest/rest-adapter.ts), with the same security headers, request id and log line. Express, its twenty
 * middleware layers and their per-request objects cost about 85% of a tax call's CPU (profiled); none of them
 * does anything for a request like this:
 * - no cookie: the session middleware has nothing to read (where the operation writes the session, the same
 *   cookie-session middleware runs here);
 * - no Origin, Referer or Sec-Fetch-Site header: a script, so the browsers' same-origin check has nothing to
 *   refuse (a browser's call, which has them, takes the app's road);
 * - a fixed path without a query and a valid Host: nothing for the address hygiene to refuse;
 * - a JSON body with a length: read here with the app's limits (size, depth, UTF-8), its errors answered as the
 *   app answers them. Anything else (chunked bodies, other types) takes the app's road.
 * The request is given express's request prototype (`appRequest`, as express gives every request), so the
 * client's address, protocol and headers read in the operation are express's, behind a trusted proxy too.
 */
export function fastLane(deps: {
  rest: RestOperations;
  config: Config;
  logger: Logger;
  metrics?: Metrics;
  /** The app's `app.request`: express's request methods and getters, with the app's `trust proxy` setting. */
  appRequest: object;
}) {
  // As one flat list of names and values, which node writes without walking an object per answer.
  const headers = Object.entries(apiSecurityHeaders(deps.config)).flat();
  const lines = requestLines(deps.logger);
  const operations = new Map(
    Object.entries(FAST_PATHS).map(([path, { session }]) => [
      path,
      { operation: deps.rest.find('POST', path.slice('/api'.length))!, session },
    ]),
  );
  const session: RequestHandler = sessionCookie(deps.config);

  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'POST') return false;
    const fast = operations.get(req.url ?? '');
    const length = Number(req.headers['content-length']);
    if (
      !fast ||
      req.headers.cookie !== undefined ||
      req.headers.origin !== undefined ||
      req.headers.referer !== undefined ||
      req.headers['sec-fetch-site'] !== undefined ||
      req.headers['transfer-encoding'] !== undefined ||
      !hasValidHost(req) ||
      !/^application\/json\s*(;\s*charset=utf-8\s*)?$/i.test(req.headers['content-type'] ?? '') ||
      !Number.isInteger(length) ||
      length < 1 ||
      length > BODY_LIMIT_BYTES
    ) {
      return false;
    }
    const id = requestId(req);
    const started = process.hrtime.bigint();
    const path = req.url!;
    // (The app's REST operations answer `application/json`, its error handler through express, with the charset.)
    const answer = ({ status, body }: RestAnswer, type = 'application/json') => {
      const json = JSON.stringify(body);
      res.writeHead(status, [...headers, 'x-request-id', id, 'content-type', type, 'content-length', String(Buffer.byteLength(json))]);
      res.end(json);
      logRequest(lines, { id, method: 'POST', route: path, status, started }, deps.metrics);
    };
    const chunks: Buffer[] = [];
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received <= BODY_LIMIT_BYTES) chunks.push(chunk);
    });
    req.on('error', () => res.destroy());
    req.on('end', () => {
      // A small body comes in one chunk, which needs no copy.
      const raw = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      let body: unknown;
      try {
        if (received !== length || received > BODY_LIMIT_BYTES) throw Object.assign(new Error('too large'), { status: 413 });
        checkJsonBody(raw);
        body = JSON.parse(raw.toString('utf8'));
      } catch (error) {
        const parseError = error instanceof SyntaxError ? Object.assign(error, { status: 400, type: 'entity.parse.failed' }) : error;
        return answer(middlewareErrorAnswer(parseError), 'application/json; charset=utf-8');
      }
      // What the REST operation reads of an express request and response beyond express's own getters (the
      // request id for its error log).
      const request = Object.setPrototypeOf(
        Object.assign(req, { body, path: path.slice('/api'.length), query: {} }),
        deps.appRequest,
      ) as Request;
      const response = Object.assign(res, { locals: { requestId: id } }) as unknown as Response;
      if (fast.session) session(request, response, () => undefined);
      whenAnswered(deps.rest.run(fast.operation, request, response), answer);
    });
    return true;
  };
}
