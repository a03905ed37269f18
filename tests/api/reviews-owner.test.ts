import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/admin-client';
import { sql } from '../support/database';
import { eventually } from '../support/eventually';
import { REVIEW_FIELDS, reviewCalls, type AdminReview, type ProductReviews } from '../support/review-calls';
import { startTestServer, type TestServer } from '../support/test-server';

// The owner's side of reviews (D37): approve, hide and answer, the queue, the dashboard's rating, the demo reviews and
// the API document. The buyer's side: reviews.test.ts.

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  cookie = await signIn(server);
});
afterAll(() => server?.close());

const { deliveredOrder, review, listOf, decide } = reviewCalls(
  () => server,
  () => cookie,
);
const fields = REVIEW_FIELDS;

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
