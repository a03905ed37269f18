import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/admin-client';
import { sql } from '../support/database';
import { eventually } from '../support/eventually';
import { countRows } from '../support/fixtures';
import { REVIEW_FIELDS, reviewCalls } from '../support/review-calls';
import { startTestServer, type TestServer } from '../support/test-server';
import { registerReceiver, QUICK_WEBHOOK_SETTINGS } from '../support/webhook-endpoints';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

// Reviews are real (D37): a delivered order's email carries one signed link per piece; the buyer reviews each piece
// once with its link; the owner approves, hides or answers; the product page's list, count and average, and the
// dashboard's rating, show only approved reviews. Over the REST mirror, as a buyer's browser and a script see it. The owner's side:
// reviews-owner.test.ts.

let server: TestServer;
let cookie: string;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer(QUICK_WEBHOOK_SETTINGS);
  cookie = await signIn(server);
  await registerReceiver(server, cookie, receiver, ['review.created']);
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

const { deliveredOrder, request, review, listOf } = reviewCalls(
  () => server,
  () => cookie,
);
const fields = REVIEW_FIELDS;

describe('the review request', () => {
  it('emails one link per piece when the order is delivered, and a link opens that piece for its buyer', async () => {
    const { email, tokens, orderId, bowl } = await deliveredOrder();
    expect(email.recipient).toBe('margaret@example.com');
    expect(email.subject).toContain('was delivered');
    expect(email.text).toContain('Walnut Yarn Bowl');
    expect(email.text).toContain('Cherry Honey Dipper');
    expect(tokens).toHaveLength(2);
    expect(email.text).toContain(`${server.url}/review/`);

    const asked = await request(tokens[0]!);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      product: { id: bowl, name: 'Walnut Yarn Bowl' },
      variant: null,
      orderNumber: `#${String(orderId).padStart(6, '0')}`,
      customerName: 'Margaret',
      review: null,
    });
  });

  it('refuses a forged, altered or order link with 400 REVIEW_LINK_INVALID naming the token', async () => {
    const { tokens, orderId } = await deliveredOrder();
    const orderLink = (
      await sql<{ text: string }>(server.databaseUrl, `select text from outbox_email where kind = 'order-delivered' and subject like $1`, [
        `%#${String(orderId).padStart(6, '0')}%`,
      ])
    )[0]!.text.match(/\/orders\/([A-Za-z0-9_.-]+)/)![1]!;
    const altered = `${tokens[0]!.slice(0, -2)}${tokens[0]!.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const token of ['nonsense', altered, orderLink]) {
      const answer = await request(token);
      expect(answer.status).toBe(400);
      expect(answer.body.data).toMatchObject({ reason: 'REVIEW_LINK_INVALID', field: 'token' });
    }
  });

  it("gives no link to a line refunds took back, and a refunded order's links stop working", async () => {
    // Both dippers came back (a partial refund that put them back in stock): only the bowl may be reviewed.
    const returned = await deliveredOrder('Margaret Hale', (orderId, dipper) =>
      sql(server.databaseUrl, `insert into order_refund (order_id, amount_cents, reason, restock) values ($1, 2400, 'Returned', $2)`, [
        orderId,
        JSON.stringify([{ productId: dipper, quantity: 2 }]),
      ]),
    );
    expect(returned.tokens).toHaveLength(1);
    expect((await request(returned.tokens[0]!)).body.product.name).toBe('Walnut Yarn Bowl');

    const { tokens, orderId } = await deliveredOrder();
    expect((await request(tokens[1]!)).status).toBe(200);
    await sql(server.databaseUrl, `update shop_order set status = 'refunded' where id = $1`, [orderId]);
    expect((await request(tokens[1]!)).body.data).toMatchObject({ reason: 'REVIEW_LINK_INVALID' });
  });
});

describe('writing a review', () => {
  it('keeps it pending, once per piece, fires review.created, and shows it to its author only', async () => {
    const { tokens, bowl } = await deliveredOrder();
    const written = await review({ token: tokens[0], ...fields });
    expect(written.status).toBe(200);
    expect(written.body).toMatchObject({ ...fields, productId: bowl, status: 'pending', photoUrl: null, reply: null });

    const again = await review({ token: tokens[0], ...fields, title: 'Second thoughts' });
    expect(again.status).toBe(409);
    expect(again.body.data).toMatchObject({ reason: 'REVIEW_EXISTS' });

    expect((await request(tokens[0]!)).body.review).toMatchObject({ id: written.body.id, status: 'pending' });
    // Pending: not on the product's page.
    expect(await listOf(bowl)).toMatchObject({ count: 0, average: null, reviews: [] });

    const event = await eventually(
      () => receiver.received.filter((hook) => hook.body.type === 'review.created' && hook.body.data.object.id === written.body.id),
      (hooks) => hooks.length === 1,
    );
    expect(event[0]!.verified).toBe(true);
    expect(event[0]!.body.data.object).toMatchObject({
      status: 'pending',
      productName: 'Walnut Yarn Bowl',
      customerEmail: 'margaret@example.com',
    });
  });

  it('refuses bad fields with 400 naming each, and writes nothing', async () => {
    const { tokens } = await deliveredOrder();
    const before = await countRows(server.databaseUrl, 'review');
    const cases: [Record<string, unknown>, string][] = [
      [{ rating: 6 }, 'rating'],
      [{ rating: 2.5 }, 'rating'],
      [{ title: '' }, 'title'],
      [{ title: 'x'.repeat(121) }, 'title'],
      [{ body: '   ' }, 'body'],
      [{ authorName: 'y'.repeat(61) }, 'authorName'],
      [{ photoUrl: 'https://elsewhere.example/cat.jpg' }, 'photoUrl'],
      // The pipeline's form of address, but nothing it stored.
      [{ photoUrl: `/uploads/${'0'.repeat(32)}.jpg` }, 'photoUrl'],
    ];
    for (const [change, field] of cases) {
      const answer = await review({ token: tokens[0], ...fields, ...change });
      expect(answer.status, field).toBe(400);
      expect(answer.body.data?.issues?.map((issue) => issue.path.join('.'))).toContain(field);
    }
    expect(await countRows(server.databaseUrl, 'review')).toBe(before);
  });

  it('takes a photo uploaded with the review link, and only with a live link', async () => {
    const { tokens } = await deliveredOrder();
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 120, g: 74, b: 27 } } })
      .jpeg()
      .toBuffer();
    const upload = (token: string) =>
      fetch(`${server.url}/api/reviews/photos?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { 'content-type': 'image/jpeg' },
        body: new Uint8Array(image),
      });
    const refused = await upload('forged.token');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ data: { reason: 'REVIEW_LINK_INVALID' } });
    const stored = await upload(tokens[1]!);
    expect(stored.status).toBe(201);
    const { url } = (await stored.json()) as { url: string };
    const written = await review({ token: tokens[1], ...fields, rating: 4, photoUrl: url });
    expect(written.status).toBe(200);
    expect(written.body.photoUrl).toBe(url);
    const [kept] = await sql<{ unattached: boolean }>(server.databaseUrl, 'select unattached from upload where name = $1', [url.slice(9)]);
    expect(kept).toEqual({ unattached: false });
  });
});
