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

// Long enough for the 15 other requests below to be answered while the buyers wait, on a 2-core machine running the
// whole suite (3 s was not, once, with every lane of npm test busy).
const TIMEOUT_MS = 8000;
const square = new FakeSquare();
let server: TestServer;
beforeAll(async () => {
  await square.start();
  server = await startTestServer({
    ...square.shopSettings(),
    PAYMENT_PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS),
    RESPONSE_CACHE: 'false',
  });
});
afterAll(async () => {
  await server?.close();
  await square.stop();
});

/** Calls the shop's other pages `count` times each while the buyers wait; answers their statuses. */
async function othersAnswered(count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    for (const path of ['/api/health', '/api/products', '/api/products/featured']) {
      const response = await fetch(`${server.url}${path}`);
      await response.arrayBuffer();
      statuses.push(response.status);
    }
  }
  return statuses;
}

/** The buyers' answers, and how many had arrived at any moment (to tell what was answered first). */
function counted<T>(calls: Promise<T>[]) {
  const state = { arrived: 0 };
  const all = Promise.all(calls.map((call) => call.finally(() => (state.arrived += 1))));
  return { state, all };
}

describe('a provider that never answers', () => {
  it('20 buyers charging a card get a 503 with its reason after the timeout; health and catalogue keep answering', async () => {
    square.hang = { create: true };
    const buyers = counted(
      Array.from({ length: 20 }, () =>
        new Browser(server.url).post<ErrorJson>('/api/square/process-payment', { sourceId: square.issueNonce(), amount: '45.50' }),
      ),
    );
    const others = await othersAnswered(5);
    // Every other page was answered while all 20 buyers still waited on Square.
    const waitingWhenOthersDone = 20 - buyers.state.arrived;
    const answers = await buyers.all;
    square.hang = {};

    expect(others.every((status) => status === 200)).toBe(true);
    expect(waitingWhenOthersDone).toBe(20);
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(503));
    expect(answers[0]!.body.data.reason).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    // The timeout bounds the whole call, the retry included.
    expect(answers[0]!.body.message).toContain(`no answer within ${TIMEOUT_MS} ms`);
    // Each charge was written down before Square was asked, and none is taken: the rows wait for recovery.
    const rows = await sql<{ state: string }>(
      server.databaseUrl,
      "select state from payment_ledger where source_ref like 'cnon:%' and amount_cents = 4550",
    );
    expect(rows.map((row) => row.state)).toEqual(Array(20).fill('charging'));
  });

  it('12 orders whose payment check hangs hold no database connection: the shop answers, each buyer gets a 503, no order', async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '20.00', stock: 50 });
    const buyers = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const browser = new Browser(server.url);
        const q = await quote(browser, [{ productId, quantity: 1 }]);
        const paid = await browser.post<Outputs['payments']['processCardPayment']>('/api/square/process-payment', {
          sourceId: square.issueNonce(),
          amount: q.total,
        });
        return { browser, body: orderBody(q, { squarePaymentId: paid.body.payment!.id }) };
      }),
    );
    const ordersBefore = await sql<{ n: string }>(server.databaseUrl, 'select count(*) as n from shop_order');
    square.hang = { get: true };
    const orders = counted(buyers.map(({ browser, body }) => browser.post<ErrorJson>('/api/orders', body)));
    const others = await othersAnswered(5);
    const waitingWhenOthersDone = 12 - orders.state.arrived;
    const answers = await orders.all;
    square.hang = {};

    expect(others.every((status) => status === 200)).toBe(true);
    expect(waitingWhenOthersDone).toBe(12);
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(503));
    expect(answers[0]!.body.data.reason).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    const ordersAfter = await sql<{ n: string }>(server.databaseUrl, 'select count(*) as n from shop_order');
    expect(ordersAfter[0]!.n).toBe(ordersBefore[0]!.n);

    // The provider is back: the same order goes through, once.
    const retried = await buyers[0]!.browser.post('/api/orders', buyers[0]!.body);
    expect(retried.status).toBe(200);
  });
});
