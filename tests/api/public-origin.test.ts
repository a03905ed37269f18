import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderedEmails } from '../support/outbox';
import { startTestServer, type TestServer } from '../support/test-server';

// D26, D27: without PUBLIC_URL (development) the shop's absolute addresses are http://localhost:PORT, never built
// from the Host or X-Forwarded-Host a request sends (this test's requests come from loopback, the trusted proxy).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ NODE_ENV: 'development' });
});
afterAll(() => server?.close());

const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

/** A request with a Host header of the sender's choosing (fetch does not let a script set Host). */
function send(method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      `${server.url}${path}`,
      { method, headers: { ...FORGED, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describe("the shop's absolute addresses in development", () => {
  it('sitemap.xml and robots.txt name http://localhost:PORT, whatever Host the request names', async () => {
    const origin = `http://localhost:${server.port}`;
    const sitemap = await send('GET', '/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.text).toContain(`<loc>${origin}/shop</loc>`);
    expect(sitemap.text).not.toContain('evil.example');
    const robots = await send('GET', '/robots.txt');
    expect(robots.text).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(robots.text).not.toContain('evil.example');
  });

  it("an email's links name http://localhost:PORT, whatever Host the request names", async () => {
    const email = `origin-${Date.now()}@example.com`;
    expect((await send('POST', '/api/newsletter/subscribe', { email })).status).toBe(200);
    const [welcome] = await renderedEmails<{ text: string; headers: unknown }>(
      server.databaseUrl,
      "select text, headers from outbox_email where kind = 'newsletter-welcome' and to_address = $1",
      [email],
    );
    expect(welcome!.text).toContain(`http://localhost:${server.port}/newsletter/unsubscribe?token=`);
    expect(JSON.stringify(welcome)).not.toContain('evil.example');
  });
});
