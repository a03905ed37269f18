import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from '../support/database';
import { APPROVED_CARD } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';

// Card testing that no one client's limit sees (server/modules/payments/card-limits.ts): one stolen card tried from
// many addresses (declines per card), and a run spread over many addresses (declines across the shop per minute).
// With the sandbox, which knows the card number, a card over its declines is refused before it is charged. The
// tests run in order: the shop-wide ceiling counts the first test's declines too.
const DECLINES_PER_CARD = 3;
const DECLINES_PER_MINUTE = 8;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    CARD_DECLINES_PER_CARD: String(DECLINES_PER_CARD),
    CARD_DECLINES_PER_MINUTE: String(DECLINES_PER_MINUTE),
  });
});
afterAll(() => server?.close());

/** A Luhn-valid Visa number ending in `n`. */
function cardNumber(n: number): string {
  const digits = `422222${String(n).padStart(9, '0')}`.split('').map(Number);
  const sum = digits.reduce((total, digit, i) => {
    const doubled = (digits.length - i) % 2 === 1 ? digit * 2 : digit;
    return total + (doubled > 9 ? doubled - 9 : doubled);
  }, 0);
  return `${digits.join('')}${(10 - (sum % 10)) % 10}`;
}

let charges = 0;
/** A card charge from its own address (each under the per-client limit), on the script's road or a browser's. */
async function charge(card: Partial<typeof APPROVED_CARD>, browser = false) {
  charges += 1;
  const response = await fetch(`${server.url}/api/square/process-payment`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `198.51.100.${charges}`,
      ...(browser ? { origin: server.url } : {}),
    },
    body: JSON.stringify({ sourceId: `card_${charges}`, amount: '20.00', cardData: { ...APPROVED_CARD, ...card } }),
  });
  return { status: response.status, retryAfter: Number(response.headers.get('retry-after')), body: (await response.json()) as unknown };
}

it('refuses a card once it has been declined CARD_DECLINES_PER_CARD times, from any address, before charging it', async () => {
  for (let n = 0; n < DECLINES_PER_CARD; n += 1) {
    const declined = await charge({ cvv: '911' }, n % 2 === 1);
    expect(declined).toMatchObject({ status: 200, body: { success: false, error: { code: 'CVV_FAILURE' } } });
  }
  const payments = await sql(server.databaseUrl, 'select id from sandbox_payment');
  // The right security code at last: the card is refused all the same, and nothing is charged.
  for (const cvv of ['911', '123']) {
    const refused = await charge({ cvv });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      message: 'This card has been declined too many times. Please wait 60 minutes, or pay with another card.',
    });
    expect(refused.retryAfter).toBeGreaterThan(3500);
  }
  expect(await sql(server.databaseUrl, 'select id from sandbox_payment')).toEqual(payments);
  // Another card pays; and the number is kept nowhere, its count only under a keyed fingerprint (D10).
  expect(await charge({ cardNumber: '5555 5555 5555 4444' })).toMatchObject({ status: 200, body: { success: true } });
  const keys = (await sql<{ key: string }>(server.databaseUrl, 'select key from rate_limit')).map((row) => row.key);
  expect(keys.filter((key) => key.startsWith('cardDeclines:'))).toEqual([expect.stringMatching(/^cardDeclines:sbx-[\w-]{32}$/)]);
  expect(keys.join(' ')).not.toMatch(/4111\s?1111\s?1111\s?1111/);
});

it('pauses every card charge for the rest of the minute once the shop has CARD_DECLINES_PER_MINUTE declines', async () => {
  // Each a different card (none over its own count), each from its own address.
  const more = DECLINES_PER_MINUTE - DECLINES_PER_CARD;
  for (let n = 0; n < more; n += 1) {
    const declined = await charge({ cardNumber: cardNumber(n), cvv: '911' }, n % 2 === 1);
    expect(declined).toMatchObject({ status: 200, body: { success: false, error: { code: 'CVV_FAILURE' } } });
  }
  for (const browser of [false, true]) {
    const paused = await charge({ cardNumber: '5555 5555 5555 4444' }, browser);
    expect(paused.status).toBe(429);
    expect(paused.body).toMatchObject({
      message: expect.stringMatching(
        /^Card payments are paused because of many declined cards\. Please wait \d+ seconds and try again\.$/,
      ) as string,
    });
    expect(paused.retryAfter).toBeGreaterThan(0);
    expect(paused.retryAfter).toBeLessThanOrEqual(60);
  }
});
