import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createScratchDatabase } from '../../server/db/scratch-database';
import { startServer, type RunningServer } from '../../server/server';
import { sql } from '../support/database';

// Card testing: a script tries stolen card numbers one after another from one address. Two instances share
// one database, and the limit (PAYMENT_ATTEMPTS_PER_CLIENT, 10 per 10 minutes by default) holds across both.

let database: Awaited<ReturnType<typeof createScratchDatabase>>;
const shops: RunningServer[] = [];

beforeAll(async () => {
  database = await createScratchDatabase(inject('databaseServerUrl'), 'cardtesting');
  for (let i = 0; i < 2; i += 1) {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: 'silent',
    });
    // One after the other: the second finds the database migrated.
    shops.push(await startServer(config));
  }
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

function post(url: string, path: string, body: unknown, client: string) {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify(body),
  });
}

const charge = (url: string, n: number, client: string) =>
  post(
    url,
    '/api/square/process-payment',
    {
      sourceId: `card_${n}`,
      amount: '20.00',
      cardData: { cardNumber: cardNumber(n), expiryDate: '12/38', cvv: '123', cardholderName: 'A Tester' },
    },
    client,
  );

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
