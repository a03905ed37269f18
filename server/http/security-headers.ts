import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Config } from '../config';
import { contentSecurityPolicy } from './content-security-policy';

/** Helmet's choices for this shop: content security policy, HSTS in production, the referrer policy. */
export function helmetFor(config: Config) {
  return helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    strictTransportSecurity: config.isProduction,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/**
 * The security headers of every answer, as helmet sets them. They depend on the configuration only (no per-request
 * nonce), so helmet runs once, at start-up, and each answer gets a copy: running helmet's dozen middlewares per
 * request cost about 2% of a checkout's CPU (profiled).
 */
export function fixedSecurityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  } as unknown as ServerResponse;
  let done = false;
  helmetFor(config)({ headers: {} } as IncomingMessage, response, () => void (done = true));
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** The express middleware: the fixed headers on every answer (an answer may still replace one, as the uploads' CSP). */
export function securityHeaders(config: Config) {
  const headers = Object.entries(fixedSecurityHeaders(config));
  return (_req: IncomingMessage, res: ServerResponse, next: () => void) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
