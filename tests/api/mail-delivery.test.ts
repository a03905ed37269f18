import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../support/database';
import { startFakeSmtp } from '../support/fake-smtp';
import { startTestServer, type TestServer } from '../support/test-server';

// D14: with SMTP configured, what the outbox holds is really sent, and marked sent.
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  server = await startTestServer({ SMTP_URL: smtp.url, OWNER_EMAIL: 'owner@example.com' });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('email delivery over SMTP', () => {
  it("sends the owner's contact notification and marks it sent", { timeout: 30_000 }, async () => {
    const response = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Ada',
        lastName: 'Turner',
        email: 'ada@example.com',
        subject: 'custom',
        message: 'A lidded bowl?',
      }),
    });
    expect(response.status).toBe(200);
    for (let waited = 0; smtp.received.length === 0 && waited < 20_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to.join()).toContain('owner@example.com');
    expect(smtp.received[0]!.data).toContain('A lidded bowl?');
    let rows = await sql<{ sent: boolean }>(server.databaseUrl, 'select sent_at is not null as sent from outbox_email');
    for (let waited = 0; !rows.every((row) => row.sent) && waited < 5_000; waited += 100) {
      await new Promise((r) => setTimeout(r, 100));
      rows = await sql<{ sent: boolean }>(server.databaseUrl, 'select sent_at is not null as sent from outbox_email');
    }
    expect(rows).toEqual([{ sent: true }]);
  });
});
