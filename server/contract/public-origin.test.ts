import { createServer, connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { publicOrigin } from './public-origin';

// The origin every absolute address is built from (sitemap, robots.txt, canonical and og:url, emails, provider
// return URLs): a request's Host and X-Forwarded-Host never reach it (D26, D27).
const request = (socket?: Socket) => ({
  protocol: 'https',
  headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
  get: (name: string) => (name.toLowerCase() === 'host' ? 'evil.example' : undefined),
  socket,
});

describe('publicOrigin', () => {
  it('is PUBLIC_URL when set, without a trailing slash', () => {
    expect(publicOrigin({ config: { PUBLIC_URL: 'https://shop.turnery.example/', PORT: 3000 }, req: request() })).toBe(
      'https://shop.turnery.example',
    );
  });

  it('is http://localhost:PORT without PUBLIC_URL, whatever Host the request names', () => {
    expect(publicOrigin({ config: { PORT: 3000 }, req: request() })).toBe('http://localhost:3000');
  });

  it('with PORT=0 (a free port), names the port the connection came in on', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const accepted = new Promise<Socket>((resolve) => server.once('connection', resolve));
    const client = connect(port, '127.0.0.1');
    const socket = await accepted;
    try {
      expect(publicOrigin({ config: { PORT: 0 }, req: request(socket) })).toBe(`http://localhost:${port}`);
    } finally {
      client.destroy();
      socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
