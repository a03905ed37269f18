import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_PAGES } from '../../server/domain/site-pages';
import { call, signIn } from '../support/admin-client';
import type { ErrorJson, Outputs } from '../support/api-types';
import { eventually } from '../support/eventually';
import { startTestServer, type TestServer } from '../support/test-server';

// The pages every shop must have (issue 45): read by anyone, written by the owner, shown as safe HTML.

type PageJson = Outputs['pages']['bySlug'];
type SourceJson = Outputs['admin']['pages']['list'][number];

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  cookie = await signIn(server);
});
afterAll(() => server?.close());

describe('GET /api/pages/{slug}', () => {
  it.each(SITE_PAGES.map((page) => [page.slug, page.label]))('answers %s with its starting text as HTML', async (slug, label) => {
    const { status, body } = await call<PageJson>(server, 'GET', `/pages/${slug}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ slug, title: label });
    // Each starting text opens with its notice to the owner, and says something of its own.
    expect(body.html).toContain('<blockquote>');
    expect(body.html).toContain('Starting text: review before opening the shop.');
    expect(body.html).toMatch(/<h2>/);
    expect(Date.now() - Date.parse(body.updatedAt)).toBeLessThan(365 * 86_400_000);
  });

  it('says what the shop really does: its shipping table, its guarantee, its cookie', async () => {
    const html = async (slug: string) => (await call<PageJson>(server, 'GET', `/pages/${slug}`)).body.html;
    expect(await html('shipping')).toContain('$75.00');
    expect(await html('shipping')).toContain('$6.95 for the first 2 lb');
    expect(await html('returns')).toContain('30-day satisfaction guarantee');
    expect(await html('privacy')).toContain('no cookies');
    expect(await html('accessibility')).toContain('WCAG');
  });

  it('answers an unknown page 404, naming the pages there are', async () => {
    const { status, body } = await call<ErrorJson>(server, 'GET', '/pages/cookies');
    expect(status).toBe(404);
    expect(body.message).toContain('privacy, terms, returns, shipping, accessibility');
  });
});

describe('the owner edits a page', () => {
  it('lists the five pages in the footer’s order, each still the starting text', async () => {
    const { status, body } = await call<SourceJson[]>(server, 'GET', '/admin/pages', { cookie });
    expect(status).toBe(200);
    expect(body.map((page) => page.slug)).toEqual(SITE_PAGES.map((page) => page.slug));
    expect(body.every((page) => page.startingText)).toBe(true);
    expect(body[0]!.body).toMatch(/^> \*\*Starting text/);
  });

  it('saves a page: the storefront shows it at once (the cache dropped it) and it is no longer the starting text', async () => {
    const before = await call<PageJson>(server, 'GET', '/pages/terms');
    const etag = before.response.headers.get('etag');
    expect(etag).toBeTruthy();
    const saved = await call<SourceJson>(server, 'PUT', '/admin/pages/terms', {
      cookie,
      body: { title: '  Terms of Sale ', body: '## Our terms\n\nBe **kind** to the wood.' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ slug: 'terms', title: 'Terms of Sale', startingText: false });
    expect(Date.parse(saved.body.updatedAt)).toBeGreaterThan(Date.parse(before.body.updatedAt));

    // The cache hears of the save through the database's notice, which travels asynchronously.
    const after = await eventually(
      () => call<PageJson>(server, 'GET', '/pages/terms'),
      (read) => read.body.title === 'Terms of Sale',
    );
    expect(after.body.html).toBe('<h2>Our terms</h2>\n<p>Be <strong>kind</strong> to the wood.</p>\n');
    expect(after.response.headers.get('etag')).not.toBe(etag);
    const listed = await call<SourceJson[]>(server, 'GET', '/admin/pages', { cookie });
    expect(listed.body.find((page) => page.slug === 'terms')).toMatchObject({ startingText: false, title: 'Terms of Sale' });
    expect(listed.body.find((page) => page.slug === 'privacy')).toMatchObject({ startingText: true });
  });

  it('never lets a script through: saved or previewed, the HTML holds no script, handler or javascript: link', async () => {
    const hostile =
      '# Hi\n\n<script>window.hacked = 1</script>\n\n<img src="/x.png" alt="x" onerror="window.hacked = 2">\n\n[link](javascript:alert(1))\n\nStill here.';
    const preview = await call<{ html: string }>(server, 'POST', '/admin/pages/accessibility/preview', { cookie, body: { body: hostile } });
    expect(preview.status).toBe(200);
    await call(server, 'PUT', '/admin/pages/accessibility', { cookie, body: { title: 'Accessibility', body: hostile } });
    const shown = await eventually(
      () => call<PageJson>(server, 'GET', '/pages/accessibility'),
      (read) => read.body.html.includes('Still here.'),
    );
    for (const html of [preview.body.html, shown.body.html]) {
      expect(html).toContain('<h1>Hi</h1>');
      expect(html).toContain('Still here.');
      expect(html).not.toMatch(/<script|hacked|onerror|javascript:/i);
    }
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ['an empty title', { title: '   ' }, 'title', 'Title is required'],
    ['a missing title', { title: undefined }, 'title', ''],
    ['an empty text', { body: '' }, 'body', 'Text is required'],
    ['a text over 50,000 characters', { body: 'x'.repeat(50_001) }, 'body', 'Text must be at most 50,000 characters'],
    ['a title over 200 characters', { title: 'x'.repeat(201) }, 'title', 'Title must be at most 200 characters'],
    ['a text that is not text', { body: 42 }, 'body', ''],
  ];
  it.each(refusals)('refuses %s with a 400 naming the field, and keeps the page', async (_label, change, field, message) => {
    const result = await call<ErrorJson>(server, 'PUT', '/admin/pages/shipping', {
      cookie,
      body: { title: 'Shipping', body: 'New text', ...change },
    });
    expect(result.status).toBe(400);
    expect(result.body.data.issues?.map((issue) => issue.path[0])).toContain(field);
    expect(result.body.message).toContain(`${field}: ${message}`);
    const kept = await call<PageJson>(server, 'GET', '/pages/shipping');
    expect(kept.body.html).toContain('$6.95');
  });

  it('answers 404 for a page that does not exist, and refuses visitors (401)', async () => {
    const body = { title: 'Cookies', body: 'None.' };
    expect((await call(server, 'PUT', '/admin/pages/cookies', { cookie, body })).status).toBe(404);
    expect((await call(server, 'POST', '/admin/pages/cookies/preview', { cookie, body: { body: 'x' } })).status).toBe(404);
    expect((await call(server, 'GET', '/admin/pages')).status).toBe(401);
    expect((await call(server, 'PUT', '/admin/pages/privacy', { body })).status).toBe(401);
    expect((await call(server, 'POST', '/admin/pages/privacy/preview', { body: { body: 'x' } })).status).toBe(401);
    expect((await call<PageJson>(server, 'GET', '/pages/privacy')).body.title).toBe('Privacy Policy');
  });
});

describe('around the pages', () => {
  it('lists the five pages in the sitemap', async () => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (const { slug } of SITE_PAGES) expect(sitemap).toContain(`/${slug}</loc>`);
  });

  it('documents the REST operations in the API document, the public read without sign-in', async () => {
    const document = (await call(server, 'GET', '/openapi.json')).body as {
      paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
    };
    expect(document.paths['/pages/{slug}']!.get!.security).toEqual([]);
    expect(document.paths['/pages/{slug}']!.get!.responses['404']).toBeDefined();
    expect(document.paths['/admin/pages']!.get).toBeDefined();
    expect(document.paths['/admin/pages/{slug}']!.put!.security).toEqual([{ sessionCookie: [] }, { apiToken: [] }]);
    expect(document.paths['/admin/pages/{slug}/preview']!.post).toBeDefined();
  });
});
