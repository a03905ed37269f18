import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLoggedServer, type LoggedServer } from '../support/logged-server-process';
import { Browser } from '../support/browser';
import { withDatabase } from '../support/database';
import { insertProduct, orderBody, quote } from '../support/fixtures';
import type { Outputs } from '../support/api-types';

// D10: card numbers and CVVs are never stored and never logged. The server runs in its own process with
// the most verbose log level, so every line it writes can be searched.

const CARD = { cardNumber: '4111 1111 1111 1111', expiryDate: '11/38', cvv: '7391', cardholderName: 'Ada Turner' };
// The CVV on its own, not as part of a longer run of digits (a timestamp's microseconds, a hex id).
const SECRETS = [/4111111111111111/, /4111 1111 1111 1111/, /4000000000000002/, /4000 0000 0000 0002/, /(?<![0-9a-f])7391(?![0-9a-f])/i];
let server: LoggedServer;
let url = '';

beforeAll(async () => {
  server = await startLoggedServer('carddata');
  url = server.url;
});

afterAll(async () => {
  await server?.stop();
});

async function databaseAsText(): Promise<string> {
  return withDatabase(server.databaseUrl, async (client) => {
    const tables = await client.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const dumps = await Promise.all(
      tables.rows.map(async ({ table_name }) =>
        (await client.query<{ row: string }>(`select t::text as row from "${table_name}" t`)).rows.map((r) => r.row).join('\n'),
      ),
    );
    return dumps.join('\n');
  });
}

it('keeps no card number or CVV in the database or the logs after a payment, a decline and an order', async () => {
  const productId = await insertProduct(server.databaseUrl, { price: '33.00', stock: 5 });
  const browser = new Browser(url);
  const q = await quote(browser, [{ productId, quantity: 1 }]);
  const declined = await browser.post('/api/square/process-payment', {
    sourceId: 'card_0002',
    amount: q.total,
    cardData: { ...CARD, cardNumber: '4000 0000 0000 0002' },
  });
  expect(declined.body).toMatchObject({ success: false, error: { code: 'CARD_DECLINED' } });
  const malformed = await browser.post('/api/square/process-payment', {
    sourceId: 'x',
    amount: q.total,
    cardData: { ...CARD, cvv: '73910' },
  });
  expect(malformed.status).toBe(400);
  const paid = await browser.post<Outputs['payments']['processCardPayment']>('/api/square/process-payment', {
    sourceId: 'card_1111_1',
    amount: q.total,
    cardData: CARD,
  });
  expect(paid.body.success).toBe(true);
  const order = await browser.post('/api/orders', orderBody(q, { squarePaymentId: paid.body.payment!.id }));
  expect(order.status).toBe(200);

  const stored = await databaseAsText();
  expect(stored).toContain(paid.body.payment!.id); // the dump does see the payment...
  expect(stored).toContain('1111'); // ...and the last four digits, which may be kept
  for (const secret of SECRETS) expect(stored).not.toMatch(secret);

  await new Promise((resolve) => setTimeout(resolve, 200)); // let the log stream drain
  expect(server.output()).toContain('card payment completed'); // the logs are being captured...
  for (const secret of SECRETS) expect(server.output()).not.toMatch(secret);
});

it('keeps passwords, the session cookie and the session secret out of the logs and out of every answer', async () => {
  const answers: string[] = [];
  const post = async (path: string, body: unknown, cookie = '') => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    answers.push(await response.clone().text());
    return response;
  };
  await post('/api/admin/login', { password: 'wrong-guess-Pa55word' });
  await post('/api/admin/login', { password: ['wrong-guess-Pa55word'] });
  await post('/trpc/admin.auth.login', { password: 'wrong-guess-Pa55word' });
  const login = await post('/api/admin/login', { password: 'test-admin-password' });
  const cookies = login.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  expect(cookies.length).toBeGreaterThan(0);
  const cookie = cookies.join('; ');
  const verify = await fetch(`${url}/api/admin/verify`, { headers: { cookie } });
  answers.push(await verify.text());
  expect(JSON.parse(answers.at(-1)!)).toEqual({ authenticated: true });
  answers.push(await (await fetch(`${url}/api/orders`, { headers: { cookie } })).text());
  await post('/api/admin/logout', {}, cookie);

  await new Promise((resolve) => setTimeout(resolve, 200)); // let the log stream drain
  expect(server.output()).toMatch(/failed admin sign-in/); // the sign-ins were logged, without what was typed
  const secrets = [
    'wrong-guess-Pa55word',
    'test-admin-password',
    'test-session-secret-that-is-long-enough',
    ...cookies.map((c) => c.split('=')[1]!),
  ];
  for (const secret of secrets) {
    expect(server.output(), 'a log line').not.toContain(secret);
    for (const answer of answers) expect(answer, 'an answer').not.toContain(secret);
  }
});
