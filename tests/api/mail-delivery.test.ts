import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/admin-client';
import { Browser } from '../support/browser';
import { buy, insertProduct } from '../support/fixtures';
import { sql } from '../support/database';
import { eventually } from '../support/eventually';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';
import { startTestServer, type TestServer } from '../support/test-server';

// Email goes out through the job queue (graphile-worker in PostgreSQL) to a real SMTP server.
let smtp: SmtpReceiver;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({ SMTP_URL: smtp.url, OWNER_EMAIL: 'owner@example.com', PUBLIC_URL: 'https://shop.example' });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const post = (path: string, body: unknown, client = `198.51.100.${Math.floor(Math.random() * 250)}`) =>
  fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify(body),
  });

const mailTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
const outbox = () =>
  sql<{ id: number; kind: string; sent: boolean; attempts: number }>(
    server.databaseUrl,
    'select id, kind, sent_at is not null as sent, attempts from outbox_email order by id',
  );

describe('email over the job queue', () => {
  it("sends the owner's contact notification with Reply-To the customer, and the customer an acknowledgement", async () => {
    const email = 'ada.contact@example.com';
    const response = await post('/contact', { firstName: 'Ada', lastName: 'Turner', email, subject: 'custom', message: 'A lidded bowl?' });
    expect(response.status).toBe(200);
    await eventually(
      () => mailTo('owner@example.com').length + mailTo(email).length,
      (count) => count === 2,
      20_000,
    );
    const notification = mailTo('owner@example.com').at(-1)!.parsed;
    expect(notification.replyTo?.text).toBe(email);
    expect(notification.text).toContain('A lidded bowl?');
    // One Message-ID per outbox email, made of its id and creation time in milliseconds.
    const [row] = await sql<{ id: number; ms: string }>(
      server.databaseUrl,
      `select id, floor(extract(epoch from created_at) * 1000)::bigint as ms from outbox_email where kind = 'contact-notification' order by id desc limit 1`,
    );
    expect(notification.messageId).toBe(`<outbox-${row!.id}.${row!.ms}@turnery.example>`);
    const acknowledgement = mailTo(email)[0]!.parsed;
    expect(acknowledgement.subject).toBe('We received your message');
    expect(acknowledgement.text).toContain('reply within 24 hours');
    const rows = await eventually(outbox, (all) => all.every((row) => row.sent));
    expect(rows.every((row) => row.sent && row.attempts === 1)).toBe(true);
  });

  it('sends the order confirmation as HTML and text, whose link opens that order without a cookie', async () => {
    const buyer = new Browser(server.url);
    const productId = await insertProduct(server.databaseUrl, { price: '30.00', stock: 3 });
    const { orderId } = await buy(buyer, productId);
    const number = `#${String(orderId).padStart(6, '0')}`;
    const mail = await eventually(
      () => smtp.received.filter((m) => m.parsed.subject === `Your Turnery order ${number}`),
      (found) => found.length === 1,
      20_000,
    );
    const { parsed } = mail[0]!;
    expect(parsed.html).toContain('View your order');
    expect(parsed.text).toContain(`Thank you for your order ${number}`);
    const link = /https:\/\/shop\.example\/orders\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(parsed.text ?? '')?.[1];
    expect((await new Browser(server.url).get<{ id: number }>(`/api/order-links/${link}`)).body.id).toBe(orderId);
    const notice = await eventually(
      () => mailTo('owner@example.com').filter((m) => m.parsed.subject?.startsWith(`New order ${number}`)),
      (found) => found.length === 1,
      20_000,
    );
    expect(notice[0]!.parsed.replyTo?.text).toBe('ada@example.com');
  });

  it('gives newsletter mail a one-click List-Unsubscribe that works without a browser (RFC 8058)', async () => {
    const email = 'reader@example.com';
    expect((await post('/newsletter/subscribe', { email })).status).toBe(200);
    const welcome = (
      await eventually(
        () => mailTo(email),
        (mails) => mails.length === 1,
        20_000,
      )
    )[0]!.parsed;
    const header = (name: string) => welcome.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, '');
    const url = /^<(.+)>$/.exec(header('list-unsubscribe') ?? '')?.[1] ?? '';
    expect(url).toMatch(/^https:\/\/shop\.example\/api\/newsletter\/unsubscribe\/one-click\?token=/);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // What a mail provider's server sends: a form post, no cookie, no Origin.
    const local = url.replace('https://shop.example', server.url);
    const answer = await fetch(local, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(answer.status).toBe(200);
    const [row] = await sql<{ unsubscribed: boolean }>(
      server.databaseUrl,
      'select unsubscribed_at is not null as unsubscribed from newsletter_subscription where email = $1',
      [email],
    );
    expect(row?.unsubscribed).toBe(true);
    const forged = await fetch(`${server.url}/api/newsletter/unsubscribe/one-click?token=forged`, { method: 'POST' });
    expect(forged.status).toBe(400);
  });

  it('keeps trying while the SMTP server refuses, with growing waits, then delivers each email once', { timeout: 60_000 }, async () => {
    smtp.refusing = true;
    smtp.refused.length = 0;
    const email = 'patient@example.com';
    await post('/contact', { firstName: 'Pat', lastName: 'Ient', email, subject: 'general', message: 'Hello?' });
    // Two emails (notification and acknowledgement), each refused at least twice: waits of about e^1 and e^2 s.
    await eventually(
      () => smtp.refused.length,
      (count) => count >= 4,
      30_000,
    );
    smtp.refusing = false;
    await eventually(
      () => mailTo(email).length,
      (count) => count === 1,
      30_000,
    );
    const rows = await eventually(outbox, (all) => all.every((row) => row.sent), 10_000);
    expect(rows.filter((row) => row.attempts >= 3)).toHaveLength(2);
    const gaps = smtp.refused.slice(1).map((at, i) => at - smtp.refused[i]!);
    expect(Math.max(...gaps)).toBeGreaterThan(2000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mailTo(email)).toHaveLength(1);
  });

  it('counts an email it cannot render as a failed attempt, and renders and sends it on a later one', async () => {
    const address = 'unrendered@example.com';
    // Data its template cannot use (as a broken deploy could leave it): no order.
    const [{ id }] = (await sql<{ id: number }>(
      server.databaseUrl,
      `insert into outbox_email (to_address, subject, kind, data, created_at)
       values ($1, 'Your Turnery order #000001 has shipped', 'order-shipped', '{}'::jsonb, now()) returning id`,
      [address],
    )) as [{ id: number }];
    const row = () =>
      sql<{ attempts: number; last_error: string | null; text: string | null; sent: boolean }>(
        server.databaseUrl,
        'select attempts, last_error, text, sent_at is not null as sent from outbox_email where id = $1',
        [id],
      ).then((rows) => rows[0]!);
    const failed = await eventually(row, (email) => email.attempts >= 1, 10_000);
    expect(failed).toMatchObject({ text: null, sent: false });
    expect(failed.last_error).toContain('id');

    const order = { id: 1, customerName: 'Ada Turner', customerEmail: address, total: '30.00', paymentMethod: 'square' };
    const data = {
      order: { ...order, status: 'shipped', carrier: 'USPS', trackingNumber: '9400100000000000000000', trackingUrl: null },
      orderUrl: 'https://shop.example/orders/x',
    };
    await sql(server.databaseUrl, 'update outbox_email set data = $2 where id = $1', [id, JSON.stringify(data)]);
    const mail = await eventually(
      () => mailTo(address),
      (mails) => mails.length === 1,
      20_000,
    );
    expect(mail[0]!.parsed.text).toContain('Tracking number: 9400100000000000000000');
    const sent = await eventually(row, (email) => email.sent);
    expect(sent).toMatchObject({ sent: true, last_error: null });
    expect(sent.text).toContain('Good news: your order #000001 is on its way.');
  });

  it('shows the owner an email the job has not rendered yet, rendered for the Emails tab', async () => {
    const cookie = await signIn(server);
    // Marked sent, so the job (which leaves a sent email alone) does not render it first.
    const [{ id }] = (await sql<{ id: number }>(
      server.databaseUrl,
      `insert into outbox_email (to_address, subject, kind, data, created_at, sent_at)
       values ('later@example.com', 'Welcome to the Turnery newsletter', 'newsletter-welcome', $1, now(), now()) returning id`,
      [JSON.stringify({ unsubscribeUrl: 'https://shop.example/newsletter/unsubscribe?token=later' })],
    )) as [{ id: number }];
    const listed = await call<{ emails: { id: number; text: string; html: string | null }[] }>(server, 'GET', '/emails?state=sent', {
      cookie,
    });
    const email = listed.body.emails.find((each) => each.id === id)!;
    expect(email.text).toContain('Thank you for subscribing to the Turnery newsletter.');
    expect(email.text).toContain('https://shop.example/newsletter/unsubscribe?token=later');
    expect(email.html).toContain('Unsubscribe');
  });

  it('shows the owner an email that was given up on, and sends it on Retry', async () => {
    const cookie = await signIn(server);
    const [{ id }] = (await sql<{ id: number }>(
      server.databaseUrl,
      `insert into outbox_email (to_address, subject, text, kind, created_at, attempts, failed_at, last_error)
       values ('stuck@example.com', 'Stuck', 'Stuck text', 'order-confirmation', now(), 10, now(), 'Mailbox busy') returning id`,
    )) as [{ id: number }];
    // The insert queued a job too (the trigger); the given-up state is what the admin shows until it runs.
    const failed = await call<{ emails: { id: number; state: string; lastError: string }[] }>(server, 'GET', '/emails?state=failed', {
      cookie,
    });
    expect(failed.status).toBe(200);
    // SMTP_URL is set: the Emails section does not warn that nothing is sent.
    expect(failed.body).toMatchObject({ mailServer: true });
    expect(failed.body.emails.find((email) => email.id === id)).toMatchObject({ state: 'failed', lastError: 'Mailbox busy' });
    await eventually(
      () => mailTo('stuck@example.com').length,
      (count) => count === 1,
      20_000,
    );

    await sql(server.databaseUrl, 'update outbox_email set sent_at = null, failed_at = now() where id = $1', [id]);
    const retried = await call(server, 'POST', `/emails/${id}/retry`, { cookie });
    expect(retried.status).toBe(200);
    await eventually(
      () => mailTo('stuck@example.com').length,
      (count) => count === 2,
      20_000,
    );
    const again = await call(server, 'POST', `/emails/${id}/retry`, { cookie });
    expect(again.status).toBe(409);
    expect((await call(server, 'POST', '/emails/999999/retry', { cookie })).status).toBe(404);
    expect((await call(server, 'GET', '/emails')).status).toBe(401);
  });
});
