import type { IncomingMessage } from 'node:http';

/**
 * The API token of a request to /api: what follows `Bearer ` in its Authorization header; '' for a header of any
 * other form (refused as no token); undefined without the header. Such a request is the token's alone: the REST
 * mirror does not read its cookie, so it needs no cookie and is not a browser's (no Origin check).
 */
export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (header === undefined) return undefined;
  return /^Bearer +(\S+) *$/i.exec(header)?.[1] ?? '';
}
