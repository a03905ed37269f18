import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeSquare } from '../support/fake-square';
import { startTestServer, type TestServer } from '../support/test-server';

// The per-card decline limit with Square, where the card is a token from the browser and its fingerprint comes only
// in Square's answer (card_details.card.fingerprint, on the FAILED payment a decline carries too). A card known to be
// over its declines is answered 429 without the decline's reason, and that client's card charges are refused before
// Square is asked. Square is the one fake of its Payments API; each charge is a fresh one-time token of a card.
const DECLINES_PER_CARD = 3;
const square = new FakeSquare();

let server: TestServer;
beforeAll(async () => {
  await square.start();
  server = await startTestServer({ ...square.shopSettings(), CARD_DECLINES_PER_CARD: String(DECLINES_PER_CARD) });
});
afterAll(async () => {
  await server?.close();
  await square.stop();
});

/** A charge of a fresh token of `card`, approved, or declined by the bank (a wrong CVV). */
async function charge(outcome: 'ok' | 'declined', card: string, client: string) {
  const sourceId = square.issueNonce({ fingerprint: `sq-1-${card}`, ...(outcome === 'declined' ? { decline: 'CVV_FAILURE' } : {}) });
  const response = await fetch(`${server.url}/api/square/process-payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({ sourceId, amount: '20.00' }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}
const asked = () => square.createPaymentRequests().length;

it("counts declines by Square's fingerprint: a card known to be over is 429, and its client is refused before Square", async () => {
  for (let n = 1; n <= DECLINES_PER_CARD; n += 1) {
    const declined = await charge('declined', 'stolen', `203.0.113.${n}`);
    expect(declined).toMatchObject({ status: 200, body: { success: false, error: { code: 'CVV_FAILURE' } } });
  }
  // The next decline of that card, from yet another address: Square was asked (the fingerprint is in its answer),
  // but the answer is a 429 that does not say which check failed.
  const over = await charge('declined', 'stolen', '203.0.113.50');
  expect(asked()).toBe(DECLINES_PER_CARD + 1);
  // Square made a FAILED payment of each decline, every one of the same card.
  const failed = [...square.payments.values()].filter((payment) => payment.status === 'FAILED');
  expect(failed.map((payment) => payment.card_details?.card.fingerprint)).toEqual(Array(DECLINES_PER_CARD + 1).fill('sq-1-stolen'));
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
