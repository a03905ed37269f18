import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RequestHandler } from 'express';
import type { ErrorReason } from '../domain/error-reasons';
import { errorBody } from './errors';

/**
 * What no procedure should ever see, refused with a JSON 400 before routing (the frameworks behind would answer
 * 500 or text, or read a replacement character in place of the bytes sent): an address or query value that is
 * not valid percent-encoded UTF-8 (tRPC decodes the path and throws), a NUL character in either (PostgreSQL text
 * cannot hold one), and a Host header that is not a host. A query parameter is named by the answer.
 */
export const requestHygiene: RequestHandler = (req, res, next) => {
  const problem = addressProblem(req.originalUrl) ?? (hasValidHost(req) ? undefined : hostProblem);
  if (!problem) return next();
  res.status(400).json(errorBody(400, problem.message, problem.reason));
};

interface Problem {
  message: string;
  reason: ErrorReason;
}

const hostProblem: Problem = { message: 'The Host header is not a valid host', reason: 'MALFORMED_REQUEST' };

/** What is wrong with a request's address (its path and each query parameter), or undefined. */
export function addressProblem(url: string): Problem | undefined {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const pathText = decoded(path);
  if (pathText === undefined) return { message: 'The address is not valid percent-encoded UTF-8', reason: 'MALFORMED_REQUEST' };
  if (pathText.includes('\0')) return { message: 'The address may not contain NUL characters (%00)', reason: 'VALIDATION_FAILED' };
  if (queryAt === -1) return undefined;
  for (const pair of url.slice(queryAt + 1).split('&')) {
    const equals = pair.indexOf('=');
    const rawName = equals === -1 ? pair : pair.slice(0, equals);
    const name = decoded(rawName);
    // A name that cannot be decoded is shown as sent (cut short): it is all the client can recognise.
    const label = name ?? rawName.slice(0, 60);
    const value = decoded(equals === -1 ? '' : pair.slice(equals + 1));
    if (name === undefined || value === undefined) {
      return { message: `${label}: the query parameter is not valid percent-encoded UTF-8`, reason: 'MALFORMED_REQUEST' };
    }
    if (name.includes('\0') || value.includes('\0')) {
      return { message: `${label.replaceAll('\0', '\\u0000')}: may not contain NUL characters (%00)`, reason: 'VALIDATION_FAILED' };
    }
  }
  return undefined;
}

/** Percent-decoded text ('+' is a space in a query), or undefined when it is not valid UTF-8. */
function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

// The last Host header found valid: clients send the same one over and over, and parsing it as a URL every time
// was about 1.5% of a tax call's CPU (profiled).
let validHost: string | undefined;

export function hasValidHost(req: IncomingMessage): boolean {
  const host = req.headers.host ?? 'localhost';
  if (host === validHost) return true;
  try {
    new URL(`http://${host}`);
    validHost = host;
    return true;
  } catch {
    return false;
  }
}

/**
 * A request node's HTTP parser cannot read (raw bytes that are not a valid address, a broken header line) is
 * answered as the app answers a malformed request, in JSON, instead of node's bare 400. Header overflow and a
 * request that timed out keep node's own statuses (431, 408).
 */
export function answerUnreadableRequest(error: Error & { code?: string }, socket: Duplex) {
  if (!socket.writable) return void socket.destroy();
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  if (status !== 400)
    return void socket.end(
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Request Timeout'}\r\nConnection: close\r\n\r\n`,
    );
  const body = JSON.stringify(
    errorBody(400, 'The request cannot be read as HTTP (e.g. an address with bytes that are not URL characters)', 'MALFORMED_REQUEST'),
  );
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
