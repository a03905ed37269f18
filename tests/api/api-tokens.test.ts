import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/admin-client';
import type { ErrorJson, Outputs } from '../support/api-types';
import { sql } from '../support/database';
import { insertOrder, insertProduct } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';

// API tokens: the owner makes them in a signed-in browser; a script sends one as a bearer token to any
// administrator operation of the REST mirror (and the CSV export and uploads), never to /trpc.

type TokenJson = Outputs['admin']['tokens']['list'][number];
type CreatedJson = Outputs['admin']['tokens']['create'];

// Small, so the last test reaches it; each other test makes its own token and fewer requests than this.
const LIMIT = 25;
let server: TestServer;
let cookie: string;
let orderId: number;

beforeAll(async () => {
  server = await startTestServer({ API_TOKEN_REQUESTS_PER_MINUTE: String(LIMIT) });
  cookie = await signIn(server);
  const productId = await insertProduct(server.databaseUrl, { price: '30.00' });
  orderId = await insertOrder(server.databaseUrl, {
    items: [{ productId, name: 'Walnut bowl', price: '30.00', quantity: 1 }],
    total: '30.00',
    status: 'completed',
    customerName: 'Grace Hopper',
  });
});
afterAll(() => server?.close());

async function createToken(body: { name: string; scope: string; expiresAt?: string | null }) {
  const created = await call<CreatedJson>(server, 'POST', '/admin/tokens', { cookie, body });
  expect(created.status).toBe(200);
  return created.body;
}

/** A request with the token only: no cookie. */
const withToken = <T = unknown>(token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  call<T>(server, method, path, { body, headers: { authorization: `Bearer ${token}`, ...headers } });

const listed = async () => (await call<TokenJson[]>(server, 'GET', '/admin/tokens', { cookie })).body;

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#8a5a2b' } })
    .png()
    .toBuffer();

function upload(token: string, image: Buffer) {
  return fetch(`${server.url}/api/admin/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
    body: new Uint8Array(image),
  });
}

describe('creating a token', () => {
  it('shows the secret once; the list never has it, and the database keeps only its SHA-256', async () => {
    const created = await createToken({ name: 'Accounting export', scope: 'read-only' });
    expect(created.token).toMatch(/^tny_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Accounting export', scope: 'read-only', expiresAt: null, lastUsedAt: null });
    expect(created.prefix).toBe(created.token.slice(0, 12));

    const list = await call(server, 'GET', '/admin/tokens', { cookie });
    expect(JSON.stringify(list.body)).not.toContain(created.token.slice(12));
    expect((list.body as TokenJson[]).find((token) => token.id === created.id)).toEqual({
      id: created.id,
      name: 'Accounting export',
      scope: 'read-only',
      prefix: created.prefix,
      createdAt: created.createdAt,
      expiresAt: null,
      lastUsedAt: null,
    });

    const rows = await sql(server.databaseUrl, 'select * from api_token where id = $1', [created.id]);
    expect(rows[0]!.secret_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(created.token.slice(12));
  });

  it('refuses a missing name, an unknown scope and an expiry in the past, naming the field', async () => {
    for (const [body, field] of [
      [{ name: ' ', scope: 'read-only' }, 'name'],
      [{ name: 'x', scope: 'admin' }, 'scope'],
      [{ name: 'x', scope: 'read-only', expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt'],
      [{ name: 'x', scope: 'read-only', expiresAt: 'tomorrow' }, 'expiresAt'],
    ] as const) {
      const refused = await call<ErrorJson>(server, 'POST', '/admin/tokens', { cookie, body });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(field);
    }
  });

  it('needs the signed-in owner: no cookie is 401', async () => {
    expect((await call(server, 'GET', '/admin/tokens')).status).toBe(401);
    expect((await call(server, 'POST', '/admin/tokens', { body: { name: 'x', scope: 'read-write' } })).status).toBe(401);
  });
});

describe('using a token', () => {
  it('works without a cookie on administrator reads and writes of the REST mirror, the CSV export and uploads', async () => {
    const { token } = await createToken({ name: 'Shipping script', scope: 'read-write' });
    expect((await withToken<{ totalProducts: number }>(token, 'GET', '/admin/stats')).status).toBe(200);
    const page = await withToken<{ orders: { id: number }[] }>(token, 'GET', '/admin/orders?status=completed');
    expect(page.body.orders.map((order) => order.id)).toContain(orderId);
    expect((await withToken(token, 'GET', `/orders/${orderId}`)).status).toBe(200);

    const csv = await fetch(`${server.url}/api/admin/orders.csv`, { headers: { authorization: `Bearer ${token}` } });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain('Grace Hopper');

    const uploaded = await upload(token, await png());
    expect(uploaded.status).toBe(201);
    expect(((await uploaded.json()) as { url: string }).url).toMatch(/^\/uploads\//);

    // A write, from a script that happens to send an Origin: a token is not a cookie another site could borrow.
    const shipped = await withToken<{ status: string }>(
      token,
      'PATCH',
      `/orders/${orderId}/status`,
      { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      { origin: 'https://integrator.example' },
    );
    expect(shipped).toMatchObject({ status: 200, body: { status: 'shipped' } });
    const post = await withToken<{ id: number }>(token, 'POST', '/blog', {
      title: 'Written by a script',
      slug: 'written-by-a-script',
      excerpt: 'An excerpt',
      content: 'Some content',
      imageUrl: 'https://example.com/bowl.jpg',
      published: false,
    });
    expect(post.status).toBe(200);
  });

  it('read-only: reads, but every write is 403 FORBIDDEN saying the token is read-only', async () => {
    const { token } = await createToken({ name: 'Dashboard', scope: 'read-only' });
    expect((await withToken(token, 'GET', '/admin/orders')).status).toBe(200);
    expect((await fetch(`${server.url}/api/admin/orders.csv`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);

    const refused = await withToken<ErrorJson>(token, 'PATCH', `/orders/${orderId}/status`, { status: 'delivered' });
    expect(refused.status).toBe(403);
    expect(refused.body.data.reason).toBe('FORBIDDEN');
    expect(refused.body.message).toContain('read-only');
    const refusedUpload = await upload(token, await png());
    expect(refusedUpload.status).toBe(403);
    expect(((await refusedUpload.json()) as ErrorJson).message).toContain('read-only');
    const order = await call<{ status: string }>(server, 'GET', `/admin/orders/${orderId}`, { cookie });
    expect(order.body.status).toBe('shipped');
  });

  it('is 401 UNAUTHENTICATED when unknown or malformed, and a bad token is not rescued by a cookie', async () => {
    for (const authorization of [`Bearer tny_${'x'.repeat(43)}`, 'Bearer not-a-token', 'Basic b3duZXI6cGFzcw==', 'Bearer']) {
      const answer = await call<ErrorJson>(server, 'GET', '/admin/stats', { headers: { authorization } });
      expect(answer.status, authorization).toBe(401);
      expect(answer.body.data.reason).toBe('UNAUTHENTICATED');
    }
    const withCookie = await call(server, 'GET', '/admin/stats', { cookie, headers: { authorization: 'Bearer tny_unknown' } });
    expect(withCookie.status).toBe(401);
    const csv = await fetch(`${server.url}/api/admin/orders.csv`, { headers: { authorization: 'Bearer tny_unknown' } });
    expect(csv.status).toBe(401);
  });

  it('is 401 once revoked, and disappears from the list', async () => {
    const created = await createToken({ name: 'Old laptop', scope: 'read-write' });
    expect((await withToken(created.token, 'GET', '/admin/stats')).status).toBe(200);
    expect(await call(server, 'DELETE', `/admin/tokens/${created.id}`, { cookie })).toMatchObject({ status: 200, body: { success: true } });
    const refused = await withToken<ErrorJson>(created.token, 'GET', '/admin/stats');
    expect(refused.status).toBe(401);
    expect(refused.body.message).toContain('revoked');
    expect((await listed()).map((token) => token.id)).not.toContain(created.id);
    expect((await call(server, 'DELETE', `/admin/tokens/${created.id}`, { cookie })).status).toBe(404);
  });

  it('is 401 once expired, and the list still shows it with its expiry', async () => {
    const expiresAt = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    const created = await createToken({ name: 'Short job', scope: 'read-only', expiresAt });
    expect(created.expiresAt).toBe(expiresAt);
    expect((await withToken(created.token, 'GET', '/admin/stats')).status).toBe(200);
    await sql(server.databaseUrl, "update api_token set expires_at = now() - interval '1 second' where id = $1", [created.id]);
    const refused = await withToken<ErrorJson>(created.token, 'GET', '/admin/stats');
    expect(refused.status).toBe(401);
    expect(refused.body.message).toContain('expired');
    expect((await listed()).find((token) => token.id === created.id)?.expiresAt).not.toBeNull();
  });

  it('notes when it was last used, writing at most once a minute', async () => {
    const created = await createToken({ name: 'Nightly sync', scope: 'read-only' });
    const before = Date.now();
    await withToken(created.token, 'GET', '/admin/stats');
    const first = (await listed()).find((token) => token.id === created.id)!.lastUsedAt;
    expect(first).not.toBeNull();
    expect(Date.parse(first!)).toBeGreaterThanOrEqual(before - 1000);
    await withToken(created.token, 'GET', '/admin/stats');
    expect((await listed()).find((token) => token.id === created.id)!.lastUsedAt).toBe(first);
  });
});

describe('where a token does not work', () => {
  it('is never a session on /trpc, the browser road: 401, and verify says not signed in', async () => {
    const { token } = await createToken({ name: 'Misplaced', scope: 'read-write' });
    const trpc = await fetch(`${server.url}/trpc/admin.dashboard.stats`, { headers: { authorization: `Bearer ${token}` } });
    expect(trpc.status).toBe(401);
    expect(((await trpc.json()) as { error: { message: string } }).error.message).toContain('/api');
    const verify = await fetch(`${server.url}/trpc/admin.auth.verify`, { headers: { authorization: `Bearer ${token}` } });
    expect(await verify.json()).toMatchObject({ result: { data: { authenticated: false } } });
    expect((await withToken(token, 'GET', '/admin/verify')).body).toEqual({ authenticated: false });
  });

  it("cannot list, create or revoke tokens, nor touch the owner's account (403)", async () => {
    const created = await createToken({ name: 'Ambitious', scope: 'read-write' });
    const attempts: [string, string, unknown?][] = [
      ['GET', '/admin/tokens'],
      ['POST', '/admin/tokens', { name: 'Successor', scope: 'read-write' }],
      ['DELETE', `/admin/tokens/${created.id}`],
      ['POST', '/admin/password', { currentPassword: 'guess', newPassword: 'a long new password' }],
      ['POST', '/admin/sessions/end-all'],
    ];
    for (const [method, path, body] of attempts) {
      const refused = await withToken<ErrorJson>(created.token, method, path, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.data.reason).toBe('FORBIDDEN');
    }
    expect((await listed()).filter((token) => token.name === 'Successor')).toEqual([]);
    expect((await withToken(created.token, 'GET', '/admin/stats')).status).toBe(200);
  });
});

describe('the API document', () => {
  it('offers the cookie or a bearer token on administrator operations, and only the cookie for token management', async () => {
    const document = (await call(server, 'GET', '/openapi.json')).body as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(document.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const both = [{ sessionCookie: [] }, { apiToken: [] }];
    for (const [path, method] of [
      ['/admin/stats', 'get'],
      ['/orders/{id}/status', 'patch'],
      ['/admin/uploads', 'post'],
      ['/blog', 'post'],
    ] as const) {
      expect(document.paths[path]![method]!.security, `${method} ${path}`).toEqual(both);
    }
    for (const method of ['get', 'post'] as const)
      expect(document.paths['/admin/tokens']![method]!.security).toEqual([{ sessionCookie: [] }]);
    expect(document.paths['/admin/tokens/{id}']!.delete!.security).toEqual([{ sessionCookie: [] }]);
    expect(document.paths['/admin/password']!.post!.security).toEqual([{ sessionCookie: [] }]);
  });
});

// Last: it uses up its tokens' requests for this minute.
describe('the rate limit', () => {
  it('answers 429 RATE_LIMITED with Retry-After beyond the limit, per token', async () => {
    const busy = await createToken({ name: 'Runaway loop', scope: 'read-only' });
    const calm = await createToken({ name: 'Calm script', scope: 'read-only' });
    for (let request = 0; request < LIMIT; request += 1) {
      expect((await withToken(busy.token, 'GET', '/admin/stats')).status).toBe(200);
    }
    const limited = await withToken<ErrorJson>(busy.token, 'GET', '/admin/stats');
    expect(limited.status).toBe(429);
    expect(limited.body.data.reason).toBe('RATE_LIMITED');
    expect(limited.body.message).toMatch(/Too many requests with this API token\. Please wait \d+ seconds/);
    expect(Number(limited.response.headers.get('retry-after'))).toBeGreaterThan(0);
    const csv = await fetch(`${server.url}/api/admin/orders.csv`, { headers: { authorization: `Bearer ${busy.token}` } });
    expect(csv.status).toBe(429);
    expect(Number(csv.headers.get('retry-after'))).toBeGreaterThan(0);

    expect((await withToken(calm.token, 'GET', '/admin/stats')).status).toBe(200);
    // The owner's browser is not limited by its scripts.
    expect((await call(server, 'GET', '/admin/stats', { cookie })).status).toBe(200);
  });
});
