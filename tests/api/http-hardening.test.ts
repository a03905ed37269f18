import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('security headers', () => {
  for (const path of ['/', '/api/products/featured', '/api/no-such-path']) {
    it(`are on every response, e.g. ${path}`, async () => {
      const response = await fetch(`${server.url}${path}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
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
});
