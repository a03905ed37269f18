import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { sql } from '../support/database';
import { FakeSquare } from '../support/fake-square';
import { startTestServer, type TestServer } from '../support/test-server';
import type { ErrorJson } from '../support/api-types';

// Square failing as a service (throttled, down, a revoked access token) or refusing the shop's own request (a
// location that is not the seller's) says nothing about the buyer's card: the buyer gets 503
// PAYMENT_PROVIDER_UNAVAILABLE and no decline is counted against the card or the shop's decline ceiling
// (card-limits.ts), so real buyers are not locked out of card payments by Square's bad minute.
const DECLINES_PER_MINUTE = 2;
const square = new FakeSquare();
let server: TestServer;
beforeAll(async () => {
  await square.start();
  server = await startTestServer({ ...square.shopSettings(), CARD_DECLINES_PER_MINUTE: String(DECLINES_PER_MINUTE) });
});
afterAll(async () => {
  await server?.close();
  await square.stop();
});
beforeEach(() => square.failCreatePayment(undefined));

let client = 0;
/** A buyer's card charge from an address of its own (the per-client attempt limit is not what is tested here). */
async function charge(sourceId: string) {
  client += 1;
  const response = await fetch(`${server.url}/api/square/process-payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${client}` },
    body: JSON.stringify({ sourceId, amount: '20.00' }),
  });
  return { status: response.status, body: (await response.json()) as ErrorJson & { success?: boolean } };
}

/** The declines the shop has counted this minute, shop-wide (rate-limiter-flexible's row in PostgreSQL). */
async function shopDeclines() {
  const rows = await sql<{ points: number }>(server.databaseUrl, `select points from rate_limit where key = 'shopDeclines:shop'`);
  return rows[0]?.points ?? 0;
}

it.each([
  [429, 'RATE_LIMITED'],
  [503, 'SERVICE_UNAVAILABLE'],
  [500, 'INTERNAL_SERVER_ERROR'],
  [401, 'UNAUTHORIZED'],
] as const)('CreatePayment answering %i (%s) is 503 PAYMENT_PROVIDER_UNAVAILABLE, and no decline is counted', async (status, _code) => {
  square.failCreatePayment(status);
  const asked = square.createPaymentRequests().length;
  for (let n = 0; n <= DECLINES_PER_MINUTE; n += 1) {
    const answer = await charge(square.issueNonce());
    expect(answer.status).toBe(503);
    expect(answer.body.data.reason).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
  }
  expect(square.createPaymentRequests().length).toBeGreaterThan(asked);
  expect(await shopDeclines()).toBe(0);
  // Square back: a buyer pays at once; the shop did not pause card payments for declines that never were.
  square.failCreatePayment(undefined);
  expect(await charge(square.issueNonce())).toMatchObject({ status: 200, body: { success: true } });
  expect([...square.payments.values()].filter((payment) => payment.status === 'FAILED')).toHaveLength(0);
});

it('leaves nothing for the recovery pass to charge after Square refused the request (4xx), and keeps what a 5xx may have made', async () => {
  const charging = async () =>
    (await sql<{ n: number }>(server.databaseUrl, `select count(*)::int as n from payment_ledger where state = 'charging'`))[0]!.n;
  const before = await charging();
  for (const status of [429, 401] as const) {
    square.failCreatePayment(status);
    expect((await charge(square.issueNonce())).status).toBe(503);
  }
  // Told the payment failed, the buyer is never charged later by a repeat of a request Square said it did not act on.
  expect(await charging()).toBe(before);
  square.failCreatePayment(503);
  expect((await charge(square.issueNonce())).status).toBe(503);
  expect(await charging()).toBe(before + 1);
});

it('a throttled CreatePayment is asked once more after a short wait, and the buyer pays: one payment', async () => {
  square.failCreatePayment(429, 1);
  const before = square.payments.size;
  const answer = await charge(square.issueNonce());
  expect(answer).toMatchObject({ status: 200, body: { success: true } });
  expect(square.payments.size).toBe(before + 1);
  expect(await shopDeclines()).toBe(0);
});

it("a location Square says is not the seller's is the shop's fault, not the card's: 503, nothing made, no decline", async () => {
  square.locations.delete('LOC1');
  try {
    const before = square.payments.size;
    const answer = await charge(square.issueNonce());
    expect(answer.status).toBe(503);
    expect(answer.body.data.reason).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect(square.payments.size).toBe(before);
    expect(await shopDeclines()).toBe(0);
  } finally {
    square.locations.add('LOC1');
  }
});

it('a real decline still counts: the FAILED payment Square made, and the shop-wide count', async () => {
  const answer = await charge(square.issueNonce({ fingerprint: 'sq-1-declined-card', decline: 'INSUFFICIENT_FUNDS' }));
  expect(answer).toMatchObject({ status: 200, body: { success: false, error: { code: 'INSUFFICIENT_FUNDS' } } });
  expect(await shopDeclines()).toBe(1);
  const failed = [...square.payments.values()].filter((payment) => payment.status === 'FAILED');
  expect(failed.map((payment) => payment.card_details?.card.fingerprint)).toEqual(['sq-1-declined-card']);
});
