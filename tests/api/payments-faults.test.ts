import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '../support/browser';
import { sql } from '../support/database';
import { insertProduct, orderBody, quote } from '../support/fixtures';
import { FakeSquare } from '../support/fake-square';
import { startTestServer, type TestServer } from '../support/test-server';
import type { ErrorJson, Outputs } from '../support/api-types';

// A provider is a network call: while it hangs, buyers waiting on it get a clear 503 when the timeout runs
// out, and everyone else (catalogue, health) is answered as usual, because no provider call holds a database
// connection, transaction or lock. The response cache is off so every read really goes to the database.

const TIMEOUT_MS = 1500;
const square = new FakeSquare();
let server: TestServer;
beforeAll(async () => {
  await square.start();
  server = await startTestServer({
    PAYMENT_PROVIDER: 'square',
    SQUARE_APPLICATION_ID: 'sandbox-sq0idb-turnery-test',
    SQUARE_ACCESS_TOKEN: square.accessToken,
    SQUARE_LOCATION_ID: 'LOC1',
    SQUARE_BASE_URL: square.url,
    PAYMENT_PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS),
    RESPONSE_CACHE: 'false',
  });
});
afterAll(async () => {
  await server?.close();
  await square.stop();
});

/** Times each of `count` calls of the shop's other pages made while the buyers wait. */
async function othersAnswered(count: number) {
  const times: number[] = [];
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    for (const path of ['/api/health', '/api/products', '/api/products/featured']) {
      const started = Date.now();
      const response = await fetch(`${server.url}${path}`);
      await response.arrayBuffer();
      statuses.push(response.status);
      times.push(Date.now() - started);
    }
  }
  return { statuses, slowest: Math.max(...times) };
}

describe('a provider that never answers', () => {
  it('20 buyers charging a card get a 503 with its reason after the timeout; health and catalogue keep answering', async () => {
    square.hang = { create: true };
    const started = Date.now();
    const buyers = Array.from({ length: 20 }, (_, i) =>
      new Browser(server.url).post<ErrorJson>('/api/square/process-payment', { sourceId: `cnon:card-nonce-ok-${i}`, amount: '45.50' }),
    );
    const others = await othersAnswered(5);
    const answers = await Promise.all(buyers);
    const waited = Date.now() - started;
    square.hang = {};

    expect(others.statuses.every((status) => status === 200)).toBe(true);
    expect(others.slowest).toBeLessThan(1000);
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(503));
    expect(answers[0]!.body.data.reason).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect(answers[0]!.body.message).toContain(`no answer within ${TIMEOUT_MS} ms`);
    // The timeout bounds the whole call (the retry included): nobody waits much past it.
    expect(waited).toBeLessThan(TIMEOUT_MS + 2500);
    // Each charge was written down before Square was asked, and none is taken: the rows wait for recovery.
    const rows = await sql<{ state: string }>(
      server.databaseUrl,
      "select state from payment_ledger where source_ref like 'cnon:card-nonce-ok-%'",
    );
    expect(rows.map((row) => row.state)).toEqual(Array(20).fill('charging'));
  });

  it('12 orders whose payment check hangs hold no database connection: the shop answers, each buyer gets a 503, no order', async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '20.00', stock: 50 });
    const buyers = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const browser = new Browser(server.url);
        const q = await quote(browser, [{ productId, quantity: 1 }]);
        const paid = await browser.post<Outputs['payments']['processCardPayment']>('/api/square/process-payment', {
          sourceId: `cnon:card-nonce-ok-order-${i}`,
          amount: q.total,
        });
        return { browser, body: orderBody(q, { squarePaymentId: paid.body.payment!.id }) };
      }),
    );
    const ordersBefore = await sql<{ n: string }>(server.databaseUrl, 'select count(*) as n from shop_order');
    square.hang = { get: true };
    const orders = Promise.all(buyers.map(({ browser, body }) => browser.post<ErrorJson>('/api/orders', body)));
    const others = await othersAnswered(5);
    const answers = await orders;
    square.hang = {};

    expect(others.statuses.every((status) => status === 200)).toBe(true);
    expect(others.slowest).toBeLessThan(1000);
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(503));
    expect(answers[0]!.body.data.reason).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    const ordersAfter = await sql<{ n: string }>(server.databaseUrl, 'select count(*) as n from shop_order');
    expect(ordersAfter[0]!.n).toBe(ordersBefore[0]!.n);

    // The provider is back: the same order goes through, once.
    const retried = await buyers[0]!.browser.post('/api/orders', buyers[0]!.body);
    expect(retried.status).toBe(200);
  });
});
