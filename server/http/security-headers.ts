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
 * The security headers of a page or file, as helmet sets them. They depend on the configuration only (no
 * per-request nonce), so helmet runs once, at start-up, and each answer gets a copy: running helmet's dozen
 * middlewares per request cost about 2% of a checkout's CPU (profiled).
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

/**
 * The security headers of an API answer (JSON or a CSV download, never a document a browser shows): the set OWASP's
 * REST Security Cheat Sheet gives, no framing, no sniffing, no content of any kind loaded by it, HTTPS only in
 * production, and no reading by other origins' pages. Helmet's others (opener policy, origin cluster, referrer
 * policy, DNS prefetching, IE's download and XSS options, Flash's cross-domain policies) act on documents only, and
 * node checks each header of each answer (its checks were about 3% of a tax call's busy time in a profile, beside
 * writing the longer head): a tax call 43.0 -> 41.2 µs of CPU with this set (A/B; the figures are in git's history of README.md).
 */
export function apiSecurityHeaders(config: Config): Record<string, string> {
  const page = fixedSecurityHeaders(config);
  const hsts = page['strict-transport-security'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    ...(hsts === undefined ? {} : { 'strict-transport-security': hsts }),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

const API = /^\/(?:api|trpc)(?:[/?]|$)/;
const API_REFERENCE = /^\/api\/docs(?:[/?]|$)/;

/** Whether an address is answered by the API (/api, /trpc), not by its reference page (/api/docs, a document). */
export function isApiPath(url: string): boolean {
  return API.test(url) && !API_REFERENCE.test(url);
}

/** The express middleware: the fixed headers on every answer (an answer may still replace one, as the uploads' CSP). */
export function securityHeaders(config: Config) {
  const page = Object.entries(fixedSecurityHeaders(config));
  const api = Object.entries(apiSecurityHeaders(config));
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    for (const [name, value] of isApiPath(req.url ?? '') ? api : page) res.setHeader(name, value);
    next();
  };
}
