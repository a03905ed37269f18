import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, signIn } from '../support/admin-client';
import { APPROVED_CARD } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';

// The trap of a balancer TRUST_PROXY does not name: the shop sees every buyer as the balancer, so ten card payments
// in ten minutes stop the whole shop. Here the balancer is this machine (the tests' client), and TRUST_PROXY names
// another address. Requests carrying X-Forwarded-For from it make the shop warn, and the admin dashboard say so.
let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '192.0.2.1', PAYMENT_ATTEMPTS_PER_CLIENT: '10' });
  cookie = await signIn(server);
});
afterAll(() => server?.close());

const stats = async () => (await call<{ warnings?: string[] }>(server, 'GET', '/admin/stats', { cookie })).body;

it('counts every forwarded buyer as the balancer, and tells the admin which address to name in TRUST_PROXY', async () => {
  expect((await stats()).warnings).toBeUndefined();
  const statuses = [];
  for (let n = 1; n <= 11; n += 1) {
    const response = await fetch(`${server.url}/api/square/process-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${n}` },
      body: JSON.stringify({ sourceId: `card_buyer_${n}`, amount: '20.00', cardData: APPROVED_CARD }),
    });
    statuses.push(response.status);
  }
  // Eleven different buyers, one limit: the trap itself.
  expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
  expect(statuses[10]).toBe(429);
  const { warnings } = await stats();
  expect(warnings).toHaveLength(1);
  expect(warnings![0]).toMatch(/^Requests from (::ffff:)?127\.0\.0\.1 carry X-Forwarded-For, but TRUST_PROXY does not name that address/);
});
