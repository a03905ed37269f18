import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Config } from '../config';
import { contentSecurityPolicy } from './content-security-policy';

/** The security headers of every answer (helmet: content security policy, HSTS in production, ...). */
export function securityHeaders(config: Config) {
  return helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    strictTransportSecurity: config.isProduction,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/**
 * The same headers as a plain object, for answers made before express (server/http/fast-lane.ts). They depend on
 * the configuration only (no per-request nonce), so they are read once from helmet itself.
 */
export function fixedSecurityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  } as unknown as ServerResponse;
  let done = false;
  securityHeaders(config)({ headers: {} } as IncomingMessage, response, () => void (done = true));
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}
