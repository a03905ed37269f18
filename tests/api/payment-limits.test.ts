import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createScratchDatabase } from '../../server/db/scratch-database';
import { startServer, type RunningServer } from '../../server/server';
import type { QuoteJson } from '../support/api-types';
import { sql } from '../support/database';
import { countRows, orderBody } from '../support/fixtures';

// Card testing: a script tries stolen card numbers one after another from one address. Two instances share
// one database, and the limit (PAYMENT_ATTEMPTS_PER_CLIENT, 10 per 10 minutes by default) holds across both, on
// a script's calls and a browser's alike, for an IPv6 client by its /64, and
// for orders and PayPal captures too.

let database: Awaited<ReturnType<typeof createScratchDatabase>>;
const shops: RunningServer[] = [];

beforeAll(async () => {
  database = await createScratchDatabase(inject('databaseServerUrl'), 'cardtesting', inject('migratedTemplate'));
  // Both at once, on a copy of the run's migrated template.
  const configs = [0, 1].map(() =>
    loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: 'silent',
      STOP_DELAY_MS: '0',
    }),
  );
  shops.push(...(await Promise.all(configs.map((config) => startServer(config)))));
});

afterAll(async () => {
  await Promise.all(shops.map((shop) => shop.stop()));
  await database?.drop();
});

/** A Luhn-valid Visa number ending in `n`: what a card tester cycles through. */
function cardNumber(n: number): string {
  const digits = `411111${String(n).padStart(9, '0')}`.split('').map(Number);
  const sum = digits.reduce((total, digit, i) => {
    const doubled = (digits.length - i) % 2 === 1 ? digit * 2 : digit;
    return total + (doubled > 9 ? doubled - 9 : doubled);
  }, 0);
  return `${digits.join('')}${(10 - (sum % 10)) % 10}`;
}

/** `browser`: with the Origin a browser sends (a browser's call and a script's are limited alike). */
function post(url: string, path: string, body: unknown, client: string, browser = false) {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client, ...(browser ? { origin: url } : {}) },
    body: JSON.stringify(body),
  });
}

const charge = (url: string, n: number, client: string, browser = false) =>
  post(
    url,
    '/api/square/process-payment',
    {
      sourceId: `card_${n}`,
      amount: '20.00',
      cardData: { cardNumber: cardNumber(n), expiryDate: '12/38', cvv: '123', cardholderName: 'A Tester' },
    },
    client,
    browser,
  );

/** The count the database holds for a limit's key (rate-limiter-flexible's row: `<limit>:<client key>`). */
async function storedCount(key: string): Promise<number> {
  const rows = await sql<{ points: number }>(database.url, 'select points from rate_limit where key = $1', [key]);
  return rows[0]?.points ?? 0;
}

it('answers 10 card charges from one client across two instances, then 429 with Retry-After; others still pay', async () => {
  const answers = [];
  for (let n = 0; n < 60; n += 1) answers.push(await charge(shops[n % 2]!.url, n, '203.0.113.9'));
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(10);
  expect(statuses.filter((status) => status === 429)).toHaveLength(50);
  const refused = answers.at(-1)!;
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await refused.json()).toMatchObject({
    message: expect.stringMatching(/^Too many attempts\. Please wait \d+ seconds and try again\.$/) as string,
  });
  const rows = await sql<{ count: string }>(database.url, 'select count(*) from sandbox_payment');
  expect(Number(rows[0]?.count)).toBe(10);
  // Once over, each instance refuses the client from memory (inMemoryBlockOnConsumed): the 50 refusals did not
  // each count in the database, which holds the limit and at most one more count per instance.
  expect(await storedCount('cardPayment:203.0.113.9')).toBeLessThanOrEqual(12);

  // Another buyer is not held up by the tester.
  const other = await charge(shops[1]!.url, 1000, '198.51.100.4');
  expect(other.status).toBe(200);
});

it('limits PayPal orders from one client the same way, on both instances', async () => {
  const statuses = [];
  for (let n = 0; n < 14; n += 1) {
    const answer = await post(shops[n % 2]!.url, '/api/paypal/order', { amount: '20.00' }, '203.0.113.10');
    statuses.push(answer.status);
  }
  expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
  expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
});

it('counts the addresses of one IPv6 /64 as one client: 14 charges from 14 addresses meet the limit by the 11th', async () => {
  const statuses = [];
  for (let n = 0; n < 14; n += 1) {
    // Each from its own address of 2001:db8:77:1::/64, over both instances, as a script and as a browser.
    const answer = await charge(shops[n % 2]!.url, 2000 + n, `2001:db8:77:1::${(n + 1).toString(16)}`, Math.floor(n / 2) % 2 === 1);
    statuses.push(answer.status);
  }
  expect(statuses.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 200));
  expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
  // The next /64 is someone else.
  expect((await charge(shops[0]!.url, 2100, '2001:db8:77:2::1')).status).toBe(200);
});

it('limits orders from one client: 60 orders naming made-up payment ids meet a 429 after 10', async () => {
  const quoted = await post(shops[0]!.url, '/api/checkout/quote', { items: [{ productId: 1, quantity: 1 }], state: 'GA' }, '203.0.113.11');
  const quote = (await quoted.json()) as QuoteJson;
  const answers = [];
  for (let n = 0; n < 60; n += 1) {
    const body = orderBody(quote, { squarePaymentId: `sq_made_up_${n}` });
    answers.push(await post(shops[n % 2]!.url, '/api/orders', body, '203.0.113.11', n % 4 === 3));
  }
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.slice(0, 10).every((status) => status !== 429 && status < 500)).toBe(true);
  expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
  const refused = answers.at(-1)!;
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await refused.json()).toMatchObject({
    message: expect.stringMatching(/^Too many orders\. Please wait \d+ seconds and try again\.$/) as string,
  });
  expect(await countRows(database.url, 'shop_order')).toBe(0);
  expect(await storedCount('order:203.0.113.11')).toBeLessThanOrEqual(12);
});

it('limits PayPal captures from one client, by the capture call and by the return from PayPal', async () => {
  const statuses = [];
  for (let n = 0; n < 12; n += 1) {
    const path = n % 2 === 0 ? `/api/paypal/order/MADEUP${n}/capture` : `/api/paypal/order/MADEUP${n}/complete`;
    statuses.push((await post(shops[n % 2]!.url, path, {}, '203.0.113.12', true)).status);
  }
  expect(statuses.slice(0, 10).every((status) => status !== 429 && status < 500)).toBe(true);
  expect(statuses.slice(10)).toEqual([429, 429]);
});
