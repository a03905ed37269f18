import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

// Scripts' public calculations are answered before express (server/http/fast-lane.ts); a browser's (with an Origin)
// take the app's road. Both must answer alike: status, body and the headers a client or a browser acts on.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => server?.close());

const COMPARED_HEADERS = [
  'content-type',
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

async function post(path: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return {
    status: response.status,
    body: (await response.json()) as unknown,
    headers: Object.fromEntries(COMPARED_HEADERS.map((name) => [name, response.headers.get(name)])),
    requestId: response.headers.get('x-request-id'),
  };
}

describe('a script calculation answered before express', () => {
  const cases: [string, string, string][] = [
    ['tax', '/tax/calculate', JSON.stringify({ amount: 123.45, state: 'NC' })],
    ['shipping', '/shipping/calculate', JSON.stringify({ weight: 3.5, state: 'GA', subtotal: 45 })],
    ['a quote', '/checkout/quote', JSON.stringify({ items: [{ productId: 1, quantity: 2 }], state: 'GA' })],
    ['an unknown product', '/checkout/quote', JSON.stringify({ items: [{ productId: 999999, quantity: 1 }], state: 'GA' })],
    ['a state the shop does not ship to', '/tax/calculate', JSON.stringify({ amount: 10, state: 'NY' })],
    ['a missing field', '/shipping/calculate', JSON.stringify({ state: 'GA' })],
    ['a JSON array', '/tax/calculate', '[1,2]'],
    ['broken JSON', '/tax/calculate', '{"amount": 1,'],
    ['a NUL character', '/tax/calculate', '{"amount": 1, "state": "G\\u0000A"}'],
    ['JSON nested 40 deep', '/tax/calculate', `${'['.repeat(40)}${']'.repeat(40)}`],
  ];
  for (const [name, path, body] of cases) {
    it(`answers ${name} as the app does`, async () => {
      const script = await post(path, body);
      const browser = await post(path, body, { origin: server.url });
      expect(script.status).toBe(browser.status);
      expect(script.body).toEqual(browser.body);
      expect(script.headers).toEqual(browser.headers);
      expect(script.status).toBeLessThan(500);
      expect(script.requestId).toMatch(/^[\w.-]{1,64}$/);
    });
  }

  it('keeps a sane request id from a proxy, as the app does', async () => {
    const script = await post('/tax/calculate', JSON.stringify({ amount: 1, state: 'GA' }), { 'x-request-id': 'proxy-42' });
    expect(script.requestId).toBe('proxy-42');
  });
});
