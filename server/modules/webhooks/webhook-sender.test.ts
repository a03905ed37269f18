import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { postWebhook } from './webhook-sender';

// One POST to a receiver on loopback that answers in the ways a real one may.
let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
});

async function receiver(handle: Parameters<typeof createServer>[1]) {
  server = createServer(handle);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

const post = (url: string) =>
  postWebhook({ url, body: '{"id":"evt_1"}', headers: { 'content-type': 'application/json' }, timeoutMs: 300, publicOnly: false });

describe('postWebhook', () => {
  it('answers the status and the start of the body', async () => {
    const url = await receiver((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(500).end(`Oops ${'x'.repeat(2000)}`));
    });
    const outcome = await post(url);
    expect(outcome).toMatchObject({ status: 500 });
    expect('excerpt' in outcome && outcome.excerpt).toHaveLength(500);
  });

  it('does not follow a redirect', async () => {
    let hits = 0;
    const url = await receiver((request, response) => {
      hits += 1;
      request.resume();
      response.writeHead(302, { location: '/elsewhere' }).end();
    });
    expect(await post(url)).toEqual({ status: 302, excerpt: '' });
    expect(hits).toBe(1);
  });

  it('gives up on a receiver that never answers, or starts an answer and never ends it', async () => {
    const silent = await receiver(() => undefined);
    expect(await post(silent)).toEqual({ error: 'No answer within 0.3 s' });
    server?.closeAllConnections();
    server?.close();
    const dripping = await receiver((request, response) => {
      request.resume();
      response.writeHead(200);
      response.write('still coming');
    });
    expect(await post(dripping)).toEqual({ error: 'No answer within 0.3 s' });
  });

  it('with publicOnly, never connects to an internal address, given as an IP literal or as a name', async () => {
    let hits = 0;
    const url = await receiver((request, response) => {
      hits += 1;
      request.resume();
      response.writeHead(200).end();
    });
    const send = (to: string) =>
      postWebhook({ url: to, body: '{}', headers: { 'content-type': 'application/json' }, timeoutMs: 1000, publicOnly: true });
    expect(await send(url)).toEqual({ error: 'Not sent: 127.0.0.1 is an internal address' });
    const byName = await send(url.replace('127.0.0.1', 'localhost'));
    expect('error' in byName && byName.error).toMatch(/^EINTERNAL: localhost resolves to/);
    expect(hits).toBe(0);
    expect(await post(url)).toEqual({ status: 200, excerpt: '' });
    expect(hits).toBe(1);
  });

  it('says a connection was refused', async () => {
    const url = await receiver(() => undefined);
    server?.close();
    const outcome = await post(url);
    expect('error' in outcome && outcome.error).toMatch(/ECONNREFUSED/);
  });
});
