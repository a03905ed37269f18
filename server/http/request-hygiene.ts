import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { errorBody } from './errors';

/**
 * What no procedure should ever see, refused with a JSON 400 before routing (the frameworks behind would answer
 * 500 or text): an address that is not valid percent-encoded UTF-8 (tRPC decodes the path and throws), a NUL
 * character in the address (PostgreSQL text cannot hold one), and a Host header that is not a host.
 */
export const requestHygiene: RequestHandler = (req, res, next) => {
  const refuse = (message: string) => void res.status(400).json(errorBody(400, message, 'VALIDATION_FAILED'));
  try {
    decodeURIComponent(req.originalUrl);
  } catch {
    return refuse('The address is not valid percent-encoded UTF-8');
  }
  if (/%00|\0/.test(req.originalUrl)) return refuse('The address may not contain NUL characters (%00)');
  if (!hasValidHost(req)) return refuse('The Host header is not a valid host');
  next();
};

export function hasValidHost(req: IncomingMessage): boolean {
  try {
    new URL(`http://${req.headers.host ?? 'localhost'}`);
    return true;
  } catch {
    return false;
  }
}
