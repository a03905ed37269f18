import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('security headers', () => {
  for (const path of ['/', '/shop', '/api/docs']) {
    it(`are a page's on a document, e.g. ${path}`, async () => {
      const response = await fetch(`${server.url}${path}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(response.headers.get('x-powered-by')).toBeNull();
      expect(response.headers.get('x-request-id')).toMatch(/^[\w.-]+$/);
    });
  }

  // OWASP's REST set: an API answer is never a document, so it loads nothing, is never framed or sniffed.
  const json = (body: string): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const api: [string, string, RequestInit?][] = [
    ['a catalogue read', '/api/products/featured'],
    ['an unknown path', '/api/no-such-path'],
    ['a tRPC call', '/trpc/products.featured'],
    ["a script's tax call", '/api/tax/calculate', json('{"amount":10,"state":"GA"}')],
    ['a malformed body', '/api/tax/calculate', json('{"amount":')],
  ];
  for (const [name, path, init] of api) {
    it(`are the API's on an API answer: ${name}`, async () => {
      const response = await fetch(`${server.url}${path}`, init);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      // The document-only ones are left out.
      expect(response.headers.get('referrer-policy')).toBeNull();
      expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
      expect(response.headers.get('x-powered-by')).toBeNull();
      expect(response.headers.get('x-request-id')).toMatch(/^[\w.-]+$/);
    });
  }
});

describe('request bodies', () => {
  it('refuses a body over 100 KB with a JSON 413', async () => {
    const body = JSON.stringify({ email: 'a@b.co', padding: 'x'.repeat(150_000) });
    for (const path of ['/api/health', '/trpc/health.check']) {
      const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    }
  });

  it('answers deeply nested JSON quickly with a 4xx, not a stall or a crash', async () => {
    const deep = '['.repeat(50_000) + ']'.repeat(50_000);
    const response = await fetch(`${server.url}/api/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: deep,
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it('answers a JSON 400 naming the problem for a NUL, bad percent-encoding or a bad Host, never a 500 or text', async () => {
    const cases: { path: string; init?: RequestInit; message: RegExp }[] = [
      { path: '/api/products?search=%00', message: /NUL/ },
      { path: '/api/products/%00', message: /NUL/ },
      { path: '/trpc/%ff', message: /percent-encoded/ },
      { path: '/api/products?search=%E0%A4%A', message: /percent-encoded/ },
      {
        path: '/api/contact',
        init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"firstName":"Ada\\u0000"}' },
        message: /NUL/,
      },
    ];
    for (const { path, init, message } of cases) {
      const response = await fetch(`${server.url}${path}`, init);
      expect(response.status, path).toBe(400);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(((await response.json()) as { message: string }).message, path).toMatch(message);
    }
    const badHost = await new Promise<{ status?: number; type?: string }>((resolve, reject) => {
      const request = http.get(`${server.url}/trpc/health.check`, { headers: { host: 'bad host' } }, (response) => {
        response.resume();
        resolve({ status: response.statusCode, type: response.headers['content-type'] });
      });
      request.on('error', reject);
    });
    expect(badHost.status).toBe(400);
    expect(badHost.type).toMatch(/^application\/json/);
  });
});
