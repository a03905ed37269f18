import { Socket } from 'node:net';
import type { Config } from '../config';

/**
 * Where the shop is reached (D26, D27): PUBLIC_URL when set, otherwise http://localhost:PORT. Never the Host or
 * X-Forwarded-Host header, which whoever sends the request chooses.
 */
export function publicOrigin(ctx: { config: Pick<Config, 'PUBLIC_URL' | 'PORT'>; req: object }): string {
  if (ctx.config.PUBLIC_URL) return ctx.config.PUBLIC_URL.replace(/\/+$/, '');
  return `http://localhost:${listeningPort(ctx.config.PORT, ctx.req)}`;
}

/** PORT; with PORT=0 (a free port, as tests ask), the port the request's connection came in on. */
function listeningPort(port: number, req: object): number {
  if (port !== 0) return port;
  const socket = 'socket' in req ? req.socket : undefined;
  return socket instanceof Socket ? (socket.localPort ?? 0) : 0;
}
