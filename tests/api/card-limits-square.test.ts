import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeProvider, type RecordedRequest } from '../support/fake-provider';
import { startTestServer, type TestServer } from '../support/test-server';

// The per-card decline limit with Square, where the card is a token from the browser and its fingerprint comes only
// in Square's answer (card_details.card.fingerprint, on a FAILED payment too). A card known to be over its declines
// is answered 429 without the decline's reason, and that client's card charges are refused before Square is asked.
// Square is a local fake answering CreatePayment as Square documents it; a source `cnon:<ok|declined>:<card>:<n>`
// stands for a one-time token of that card.
const DECLINES_PER_CARD = 3;
let paymentNumber = 0;
const square = new FakeProvider(({ method, path, body }: RecordedRequest) => {
  if (method !== 'POST' || path !== '/v2/payments')
    return { status: 404, body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND' }] } };
  const request = body as { source_id: string; amount_money: { amount: number; currency: string }; reference_id?: string };
  const [, outcome, card] = /^cnon:(ok|declined):(\w+):\d+$/.exec(request.source_id) ?? [];
  paymentNumber += 1;
  const payment = {
    id: `sq_pay_${paymentNumber}`,
    status: outcome === 'ok' ? 'COMPLETED' : 'FAILED',
    amount_money: request.amount_money,
    location_id: 'LOC1',
    reference_id: request.reference_id,
    card_details: { card: { fingerprint: `sq-1-${card}` } },
  };
  if (outcome === 'ok') return { status: 200, body: { payment } };
  const error = { category: 'PAYMENT_METHOD_ERROR', code: 'CVV_FAILURE', detail: "Authorization error: 'CVV_FAILURE'" };
  return { status: 402, body: { errors: [error], payment } };
});

let server: TestServer;
beforeAll(async () => {
  await square.start();
  server = await startTestServer({
    PAYMENT_PROVIDER: 'square',
    SQUARE_APPLICATION_ID: 'sandbox-sq0idb-card-limits',
    SQUARE_ACCESS_TOKEN: 'sq-token',
    SQUARE_LOCATION_ID: 'LOC1',
    SQUARE_BASE_URL: square.url,
    CARD_DECLINES_PER_CARD: String(DECLINES_PER_CARD),
  });
});
afterAll(async () => {
  await server?.close();
  await square.stop();
});

let tokens = 0;
/** A charge of a fresh token of `card`, approved or declined by the bank. */
async function charge(outcome: 'ok' | 'declined', card: string, client: string) {
  tokens += 1;
  const sourceId = `cnon:${outcome}:${card}:${tokens}`;
  const response = await fetch(`${server.url}/api/square/process-payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({ sourceId, amount: '20.00' }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}
const asked = () => square.requests.filter((request) => request.path === '/v2/payments').length;

it("counts declines by Square's fingerprint: a card known to be over is 429, and its client is refused before Square", async () => {
  for (let n = 1; n <= DECLINES_PER_CARD; n += 1) {
    const declined = await charge('declined', 'stolen', `203.0.113.${n}`);
    expect(declined).toMatchObject({ status: 200, body: { success: false, error: { code: 'CVV_FAILURE' } } });
  }
  // The next decline of that card, from yet another address: Square was asked (the fingerprint is in its answer),
  // but the answer is a 429 that does not say which check failed.
  const over = await charge('declined', 'stolen', '203.0.113.50');
  expect(asked()).toBe(DECLINES_PER_CARD + 1);
  expect(over).toMatchObject({
    status: 429,
    body: { message: 'This card has been declined too many times. Please wait 60 minutes, or pay with another card.' },
  });
  expect(JSON.stringify(over.body)).not.toContain('CVV');
  // That client is refused any card now, before Square is asked; another client with another card pays.
  expect((await charge('ok', 'other', '203.0.113.50')).status).toBe(429);
  expect(asked()).toBe(DECLINES_PER_CARD + 1);
  expect(await charge('ok', 'other', '203.0.113.51')).toMatchObject({ status: 200, body: { success: true } });
  // The limit of knowing the card only afterwards: an approved charge is answered as approved (the money moved).
  expect(await charge('ok', 'stolen', '203.0.113.52')).toMatchObject({ status: 200, body: { success: true } });
});
