import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

// A client that keeps a connection idle for a while and then reuses it must find it open, not have it closed
// under it (Node's default is 5 s; a reset then reaches the client and no log).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const get = (agent: http.Agent, path: string) =>
  new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
    const request = http.get(`${server.url}${path}`, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }));
    });
    request.on('error', reject);
  });

it('keeps an idle keep-alive connection open past 7 s, so the next request reuses it', async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    expect(await get(agent, '/api/health/live')).toEqual({ status: 200, reused: false });
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect(await get(agent, '/api/health/live')).toEqual({ status: 200, reused: true });
  } finally {
    agent.destroy();
  }
});
