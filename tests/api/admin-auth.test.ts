import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cookiesOf, signIn } from '../support/admin-client';
import { startTestServer, type TestServer } from '../support/test-server';
import type { ErrorJson } from '../support/api-types';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

// Every admin path of the REST mirror, with a harmless input; each must be 401 without a session.
const ADMIN_PATHS: [string, string, unknown?][] = [
  ['GET', '/admin/stats'],
  ['GET', '/admin/analytics'],
  ['GET', '/admin/products'],
  ['POST', '/products', {}],
  ['PUT', '/products/1', {}],
  ['DELETE', '/products/1'],
  ['GET', '/blog/all'],
  ['POST', '/blog', {}],
  ['PUT', '/blog/1', {}],
  ['DELETE', '/blog/1'],
  ['GET', '/orders'],
  ['GET', '/admin/orders/1'],
  ['PATCH', '/orders/1/status', { status: 'shipped' }],
  ['GET', '/contacts'],
  ['PATCH', '/contacts/1', { status: 'read' }],
  ['POST', '/admin/uploads'],
];

describe('admin sign-in', () => {
  it('says not authenticated before signing in', async () => {
    expect(await call(server, 'GET', '/admin/verify')).toMatchObject({ status: 200, body: { authenticated: false } });
  });

  it('answers a wrong password with success false, and no session', async () => {
    const result = await call(server, 'POST', '/admin/login', { body: { password: 'wrong' } });
    expect(result).toMatchObject({ status: 200, body: { success: false } });
    const cookie = cookiesOf(result.response);
    expect(await call(server, 'GET', '/admin/verify', { cookie })).toMatchObject({ body: { authenticated: false } });
  });

  it('refuses a blank password with a 400 naming the field', async () => {
    const result = await call<ErrorJson>(server, 'POST', '/admin/login', { body: { password: '   ' } });
    expect(result.status).toBe(400);
    expect(result.body.message).toContain('password');
  });

  it('signs in, verifies, and a logout ends the session for good, even for a copied cookie', async () => {
    const cookie = await signIn(server);
    expect(await call(server, 'GET', '/admin/verify', { cookie })).toMatchObject({ body: { authenticated: true } });
    expect((await call(server, 'GET', '/admin/stats', { cookie })).status).toBe(200);

    // docs/product.md section 7: the logout POST has no body and no content type.
    const logout = await fetch(`${server.url}/api/admin/logout`, { method: 'POST', headers: { cookie } });
    expect(logout.status).toBe(200);
    expect(await logout.json()).toEqual({ success: true });

    // The cookie kept from before the logout still names the old session row, which is now revoked.
    expect(await call(server, 'GET', '/admin/verify', { cookie })).toMatchObject({ body: { authenticated: false } });
    expect((await call(server, 'GET', '/admin/stats', { cookie })).status).toBe(401);
  });

  it('works over tRPC as well', async () => {
    const cookie = await signIn(server);
    const response = await fetch(`${server.url}/trpc/admin.auth.verify`, { headers: { cookie } });
    expect(await response.json()).toMatchObject({ result: { data: { authenticated: true } } });
    const anonymous = await fetch(`${server.url}/trpc/admin.dashboard.stats`);
    expect(anonymous.status).toBe(401);
  });
});

describe('admin paths', () => {
  it.each(ADMIN_PATHS)('%s %s is 401 without a session', async (method, path, body) => {
    const result = await call(server, method, path, { body });
    expect(result.status).toBe(401);
    expect(result.body).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('lists every admin path in the OpenAPI document, marked as protected', async () => {
    const document = (await call(server, 'GET', '/openapi.json')).body as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    for (const [method, path] of ADMIN_PATHS) {
      const documented = path.replace(/\/1(?=\/|$)/, '/{id}');
      const operation = document.paths[documented]?.[method.toLowerCase()];
      expect(operation, `${method} ${documented}`).toBeDefined();
      // The session cookie or an API token (tests/api/api-tokens.test.ts), as alternatives.
      expect(operation!.security, `${method} ${documented}`).toEqual([{ sessionCookie: [] }, { apiToken: [] }]);
    }
    for (const path of ['/admin/login', '/admin/logout', '/admin/verify']) expect(document.paths[path]).toBeDefined();
    // Public operations need no credentials at all (an admin one sharing their path, e.g. POST /products, the
    // session or a token), and the cookie scheme is the administrator's session.
    const isAdmin = (method: string, path: string) => ADMIN_PATHS.some(([m, p]) => m.toLowerCase() === method && p === path);
    for (const path of ['/admin/login', '/admin/logout', '/admin/verify', '/products', '/shop/info', '/contact']) {
      for (const [method, operation] of Object.entries(document.paths[path]!)) {
        const expected = isAdmin(method, path) ? [{ sessionCookie: [] }, { apiToken: [] }] : [];
        expect(operation.security, `${method} ${path}`).toEqual(expected);
      }
    }
    expect(document.paths['/products']!.get!.security).toEqual([]);
    expect(document.paths['/contact']!.post!.security).toEqual([]);
    const schemes = (document as { components?: { securitySchemes?: Record<string, unknown> } }).components?.securitySchemes;
    expect(schemes?.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'turnery.sid' });
  });
});

describe('cross-site writes', () => {
  it('refuses a POST from another origin with 403, even with a valid session', async () => {
    const cookie = await signIn(server);
    const result = await call(server, 'POST', '/admin/logout', { cookie, headers: { origin: 'https://evil.example' } });
    expect(result).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    const trpc = await fetch(`${server.url}/trpc/admin.auth.logout`, {
      method: 'POST',
      headers: { cookie, referer: 'https://evil.example/page', 'content-type': 'application/json' },
    });
    expect(trpc.status).toBe(403);
    // The session was not touched.
    expect(await call(server, 'GET', '/admin/verify', { cookie })).toMatchObject({ body: { authenticated: true } });
  });

  it('allows the same origin, and requests that carry no origin at all', async () => {
    const cookie = await signIn(server);
    const own = new URL(server.url).origin;
    expect((await call(server, 'POST', '/admin/logout', { cookie, headers: { origin: own } })).status).toBe(200);
    expect((await call(server, 'POST', '/admin/logout')).status).toBe(200);
  });
});

// Last: it uses up this client's sign-in attempts.
describe('sign-in rate limit', () => {
  it('answers 429 with a clear message after 5 failed attempts a minute, even for the right password', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await call(server, 'POST', '/admin/login', { body: { password: `guess-${attempt}` } })).body).toEqual({ success: false });
    }
    const blocked = await call<ErrorJson>(server, 'POST', '/admin/login', { body: { password: 'test-admin-password' } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many attempts\. Please wait \d+ seconds/);
  });
});
