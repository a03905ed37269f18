import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/admin-client';
import { sql } from '../support/database';
import { eventually } from '../support/eventually';
import { countRows, insertOrder, insertProduct } from '../support/fixtures';
import { renderedEmails } from '../support/outbox';
import type { ErrorJson, Outputs } from '../support/api-types';
import { startTestServer, type TestServer } from '../support/test-server';
import { registerReceiver, QUICK_WEBHOOK_SETTINGS } from '../support/webhook-endpoints';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

// Reviews are real (D37): a delivered order's email carries one signed link per piece; the buyer reviews each piece
// once with its link; the owner approves, hides or answers; the product page's list, count and average, and the
// dashboard's rating, show only approved reviews. Over the REST mirror, as a buyer's browser and a script see it.

type ProductReviews = Outputs['reviews']['forProduct'];
type ReviewRequest = Outputs['reviews']['request'];
type WrittenReview = Outputs['reviews']['create'];
type AdminReview = Outputs['admin']['reviews']['update'];

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

/** A shipped order of two new products, moved to delivered by the owner: its id, products, and its email's review links. */
async function deliveredOrder(customerName = 'Margaret Hale', beforeDelivery?: (orderId: number, dipper: number) => Promise<unknown>) {
  const bowl = await insertProduct(server.databaseUrl, { name: 'Walnut Yarn Bowl', price: '45.00' });
  const dipper = await insertProduct(server.databaseUrl, { name: 'Cherry Honey Dipper', price: '12.00' });
  const orderId = await insertOrder(server.databaseUrl, {
    items: [
      { productId: bowl, name: 'Walnut Yarn Bowl', price: '45.00', quantity: 1 },
      { productId: dipper, name: 'Cherry Honey Dipper', price: '12.00', quantity: 2 },
    ],
    total: '69.00',
    status: 'shipped',
    customerName,
    customerEmail: 'margaret@example.com',
  });
  await beforeDelivery?.(orderId, dipper);
  const moved = await call(server, 'PATCH', `/orders/${orderId}/status`, { cookie, body: { status: 'delivered' } });
  expect(moved.status).toBe(200);
  const [email] = await renderedEmails<{ subject: string; text: string; recipient: string }>(
    server.databaseUrl,
    `select subject, text, to_address as recipient from outbox_email where kind = 'order-delivered' and subject like $1`,
    [`%#${String(orderId).padStart(6, '0')}%`],
  );
  const links = [...(email?.text ?? '').matchAll(/\/review\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/g)].map((match) => match[1]!);
  return { orderId, bowl, dipper, email: email!, tokens: [...new Set(links)] };
}

const request = (token: string) => call<ReviewRequest & ErrorJson>(server, 'GET', `/reviews/request?token=${encodeURIComponent(token)}`);
const review = (body: Record<string, unknown>) => call<WrittenReview & ErrorJson>(server, 'POST', '/reviews', { body });
const listOf = (productId: number, query = '') =>
  call<ProductReviews & ErrorJson>(server, 'GET', `/products/${productId}/reviews${query}`).then((answer) => answer.body);
const decide = (id: number, body: Record<string, unknown>) =>
  call<AdminReview & ErrorJson>(server, 'PATCH', `/admin/reviews/${id}`, { cookie, body });

const fields = { rating: 5, title: 'Holds a whole skein', body: 'The slot never catches my mohair.', authorName: 'Margaret H.' };

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

describe("the owner's decisions", () => {
  it('approve shows it on the product page with the count and average, a reply shows under it, hide takes it off', async () => {
    const first = await deliveredOrder('Ada Turner');
    const second = await deliveredOrder('Grace Hopper');
    // Both orders' bowls are one product each; review the first order's bowl twice over two orders of the same product.
    await sql(server.databaseUrl, 'update order_item set product_id = $1 where order_id = $2 and name = $3', [
      first.bowl,
      second.orderId,
      'Walnut Yarn Bowl',
    ]);
    const a = (await review({ token: first.tokens[0], ...fields, rating: 5 })).body;
    const b = (await review({ token: second.tokens[0], ...fields, rating: 4, authorName: 'Grace' })).body;

    // Read once (and kept by the response cache) before the owner decides.
    const cached = await fetch(`${server.url}/api/products/${first.bowl}/reviews`);
    expect(cached.headers.get('etag')).toBeTruthy();
    expect(await listOf(first.bowl)).toMatchObject({ count: 0, average: null });

    expect((await decide(a.id, { status: 'approved' })).body).toMatchObject({ status: 'approved', orderId: first.orderId });
    expect((await decide(b.id, { status: 'approved' })).status).toBe(200);
    const shown = await eventually(
      () => listOf(first.bowl),
      (list) => list.count === 2,
    );
    expect(shown).toMatchObject({ count: 2, average: '4.5', page: 1, pageSize: 5 });
    expect(shown.reviews.map((one) => one.id)).toEqual([b.id, a.id]);

    const answered = await decide(a.id, { reply: '  Thank you, Ada!  ' });
    expect(answered.body).toMatchObject({ reply: 'Thank you, Ada!', status: 'approved' });
    expect(answered.body.repliedAt).toBeTruthy();
    const withReply = await eventually(
      () => listOf(first.bowl),
      (list) => list.reviews.some((one) => one.reply === 'Thank you, Ada!'),
    );
    expect(withReply.reviews.find((one) => one.id === a.id)).toMatchObject({ reply: 'Thank you, Ada!' });

    // A page of one, with the paging headers.
    const paged = await call<ProductReviews>(server, 'GET', `/products/${first.bowl}/reviews?page=2&pageSize=1`);
    expect(paged.body.reviews.map((one) => one.id)).toEqual([a.id]);
    expect(paged.response.headers.get('x-total-count')).toBe('2');
    expect(paged.response.headers.get('link')).toContain('rel="prev"');

    expect((await decide(b.id, { status: 'hidden' })).body.status).toBe('hidden');
    const hidden = await eventually(
      () => listOf(first.bowl),
      (list) => list.count === 1,
    );
    expect(hidden).toMatchObject({ count: 1, average: '5.0' });
    expect((await decide(a.id, { reply: null })).body).toMatchObject({ reply: null, repliedAt: null });
  });

  it('lists by status with paging headers, counts the pending, and refuses an unknown id or an empty change', async () => {
    const { tokens } = await deliveredOrder();
    const written = (await review({ token: tokens[0], ...fields, title: 'In the queue' })).body;
    const pending = await call<AdminReview[]>(server, 'GET', '/admin/reviews?status=pending', { cookie });
    expect(pending.status).toBe(200);
    expect(pending.body.every((one) => one.status === 'pending')).toBe(true);
    expect(pending.body[0]).toMatchObject({ id: written.id, title: 'In the queue', customerEmail: 'margaret@example.com', isDemo: false });
    expect(Number(pending.response.headers.get('x-total-count'))).toBe(pending.body.length);
    const counted = await call<{ pending: number }>(server, 'GET', '/admin/reviews/count', { cookie });
    expect(counted.body.pending).toBe(pending.body.length);

    expect((await call(server, 'GET', '/admin/reviews')).status).toBe(401);
    expect((await decide(999_999, { status: 'approved' })).status).toBe(404);
    const empty = await decide(written.id, {});
    expect(empty.status).toBe(400);
    const wrong = await decide(written.id, { status: 'published' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data?.issues?.map((issue) => issue.path.join('.'))).toContain('status');
    expect((await decide(written.id, { reply: 'r'.repeat(2001) })).status).toBe(400);
  });

  it("puts the approved reviews' average on the dashboard", async () => {
    const [row] = await sql<{ average: string; count: number }>(
      server.databaseUrl,
      `select to_char(round(avg(rating), 1), 'FM0.0') as average, count(*)::int as count from review where status = 'approved'`,
    );
    const stats = await call<{ customerRating: string | null; reviewCount: number }>(server, 'GET', '/admin/stats', { cookie });
    expect(stats.body).toMatchObject({ customerRating: row!.average, reviewCount: row!.count });
    expect(row!.count).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown product', async () => {
    expect((await call(server, 'GET', '/products/999999/reviews')).status).toBe(404);
  });
});

describe('the demo catalogue', () => {
  it("seeds approved demo reviews on several demo products, one with the workshop's reply", async () => {
    const all = (await call<AdminReview[]>(server, 'GET', '/admin/reviews?status=approved&pageSize=200', { cookie })).body;
    const demo = all.filter((one) => one.isDemo);
    expect(demo.length).toBeGreaterThanOrEqual(5);
    expect(new Set(demo.map((one) => one.productId)).size).toBeGreaterThanOrEqual(4);
    expect(demo.every((one) => one.orderId === null && one.customerEmail === null && one.rating >= 3)).toBe(true);
    expect(demo.some((one) => one.reply !== null)).toBe(true);
    const bowl = demo.find((one) => one.productName === 'Walnut Yarn Bowl with Swirl Slot')!;
    const shown = await listOf(bowl.productId);
    expect(shown.count).toBeGreaterThanOrEqual(2);
    expect(shown.reviews.some((one) => one.reply?.startsWith('Thank you, Margaret'))).toBe(true);
    // A product with options: the variant as reviewed.
    expect(demo.some((one) => one.variant === 'Walnut')).toBe(true);
  });
});

describe('the API document', () => {
  it('has the five review operations and the review photo upload', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(document.paths['/products/{productId}/reviews'] ?? {})).toContain('get');
    expect(Object.keys(document.paths['/reviews/request'] ?? {})).toContain('get');
    expect(Object.keys(document.paths['/reviews'] ?? {})).toContain('post');
    expect(Object.keys(document.paths['/admin/reviews'] ?? {})).toContain('get');
    expect(Object.keys(document.paths['/admin/reviews/{id}'] ?? {})).toContain('patch');
    expect(Object.keys(document.paths['/reviews/photos'] ?? {})).toContain('post');
  });
});
