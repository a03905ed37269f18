import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuoteJson } from '../support/api-types';
import { APPROVED_CARD, orderBody } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';

// Scripts' public calculations and checkout calls are answered before express (server/http/fast-lane.ts); a
// browser's (with an Origin) take the app's road. Both must answer alike: status, body and the headers a client or
// a browser acts on.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => server?.close());

const COMPARED_HEADERS = [
  'content-type',
  // The API's security headers (server/http/security-headers.ts), and one of a page's that neither may carry.
  'content-security-policy',
  'cross-origin-resource-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cache-control',
  'retry-after',
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
    cookie: response.headers.get('set-cookie'),
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

describe('a script checkout call answered before express', () => {
  const card = (sourceId: string, cardData: object = APPROVED_CARD, amount = '24.50') => JSON.stringify({ sourceId, amount, cardData });
  /** An answer with what differs between two payments or orders (their ids, the time) left out. */
  const comparable = ({ body, ...rest }: Awaited<ReturnType<typeof post>>) => {
    const { id: _id, createdAt: _createdAt, squarePaymentId: _payment, payment, ...fields } = body as Record<string, unknown>;
    const { id: _paymentId, ...paymentFields } = (payment ?? {}) as Record<string, unknown>;
    return { ...rest, requestId: undefined, body: { ...fields, payment: paymentFields } };
  };

  const cases: [string, (road: string) => string][] = [
    ['a card payment', (road) => card(`card_${road}_${Date.now()}`)],
    ['a declined card', (road) => card(`card_${road}_declined`, { ...APPROVED_CARD, cardNumber: '4000 0000 0000 0002' })],
    ['a payment without its amount', () => JSON.stringify({ sourceId: 'card_x', cardData: APPROVED_CARD })],
  ];
  for (const [name, body] of cases) {
    it(`answers ${name} as the app does`, async () => {
      const script = await post('/square/process-payment', body('script'));
      const browser = await post('/square/process-payment', body('browser'), { origin: server.url });
      expect(comparable(script)).toEqual(comparable(browser));
      expect(script.status).toBeLessThan(500);
    });
  }

  it('places an order as the app does, and the session cookie it sets reads the order back', async () => {
    const placed = [];
    const roads: Record<string, string>[] = [{}, { origin: server.url }];
    for (const headers of roads) {
      const quote = (await post('/checkout/quote', JSON.stringify({ items: [{ productId: 1, quantity: 1 }], state: 'GA' }), headers))
        .body as QuoteJson;
      const payment = (await post('/square/process-payment', card(`card_order_${Math.random()}`, APPROVED_CARD, quote.total), headers))
        .body as { payment: { id: string } };
      const order = await post('/orders', JSON.stringify(orderBody(quote, { squarePaymentId: payment.payment.id })), headers);
      expect(order.status).toBe(200);
      expect(order.cookie).toMatch(/^turnery\.sid=/);
      const cookie = order
        .cookie!.split(/,\s*(?=turnery)/)
        .map((part) => part.split(';')[0])
        .join('; ');
      const readBack = await fetch(`${server.url}/api/orders/${(order.body as { id: number }).id}`, { headers: { cookie } });
      expect(readBack.status).toBe(200);
      expect(await readBack.json()).toEqual(order.body);
      placed.push(order);
    }
    const [script, browser] = placed.map(({ cookie: _cookie, ...answer }) => comparable(answer as Awaited<ReturnType<typeof post>>));
    expect(script).toEqual(browser);
  });
});
