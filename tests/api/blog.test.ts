import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPost } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';
import type { BlogPostJson, PublishedPostJson, TrpcJson } from '../support/api-types';

let server: TestServer;
const POST_FIELDS = ['id', 'title', 'slug', 'excerpt', 'content', 'imageUrl', 'published', 'publishedAt', 'createdAt'];

let draftId: number;
let hostileId: number;
beforeAll(async () => {
  server = await startTestServer();
  draftId = await insertPost(server.databaseUrl, { slug: 'a-secret-draft', published: false });
  await insertPost(server.databaseUrl, { slug: 'from-the-future', published: true, publishedAt: '2099-01-02T00:00:00.000Z' });
  await insertPost(server.databaseUrl, { slug: 'from-the-past', published: true, publishedAt: '2001-01-02T00:00:00.000Z' });
  hostileId = await insertPost(server.databaseUrl, {
    slug: 'hostile-content',
    published: true,
    publishedAt: '2020-01-01T00:00:00.000Z',
    content:
      '# Title\n\n<script>window.hacked = 1</script>\n\n<img src="/x.png" alt="x" onerror="window.hacked = 2">\n\n[link](javascript:alert(1))\n\nStill here.',
  });
});
afterAll(() => server?.close());

const getJson = async <T = unknown>(path: string) => {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, body: (await response.json()) as T };
};

describe('GET /api/blog', () => {
  it('lists published posts only, newest first, as a bare array with the fields of docs/product.md', async () => {
    const { status, body } = await getJson<BlogPostJson[]>('/api/blog');
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    const slugs = body.map((post: { slug: string }) => post.slug);
    expect(slugs).not.toContain('a-secret-draft');
    expect(slugs[0]).toBe('from-the-future');
    expect(slugs.indexOf('hostile-content')).toBeLessThan(slugs.indexOf('from-the-past'));
    for (const post of body) {
      expect(Object.keys(post).sort()).toEqual([...POST_FIELDS].sort());
      expect(post.published).toBe(true);
    }
    expect(body[0]!.publishedAt).toBe('2099-01-02T00:00:00.000Z');
  });

  it('is the same list over tRPC', async () => {
    const trpc = (await getJson<TrpcJson<BlogPostJson[]>>('/trpc/blog.list')).body.result.data;
    expect(trpc).toEqual((await getJson('/api/blog')).body);
  });
});

describe('GET /api/blog/{id} (an id or a slug)', () => {
  it('finds a published post by id and by slug, with its content rendered', async () => {
    const first = (await getJson<BlogPostJson[]>('/api/blog')).body[0]!;
    const byId = await getJson<PublishedPostJson>(`/api/blog/${first.id}`);
    const bySlug = await getJson(`/api/blog/${first.slug}`);
    expect(byId.status).toBe(200);
    expect(bySlug.body).toEqual(byId.body);
    expect(byId.body).toMatchObject({ id: first.id, slug: first.slug, title: first.title });
    expect(byId.body.contentHtml).toContain('<em>text</em>');
  });

  it('answers 404 JSON for a draft, by id and by slug, exactly as for an unknown post', async () => {
    for (const path of [`/api/blog/${draftId}`, '/api/blog/a-secret-draft', '/api/blog/no-such-post', '/api/blog/999999']) {
      const { status, body } = await getJson(path);
      expect(status, path).toBe(404);
      expect(body).toMatchObject({ message: 'Post not found', code: 'NOT_FOUND' });
    }
  });

  it('answers 404, not a fault, for an id too large for the database', async () => {
    expect((await getJson('/api/blog/99999999999')).status).toBe(404);
    expect((await getJson('/api/blog/4294967296')).status).toBe(404);
  });

  it('sends content HTML without scripts, event handlers or javascript: links', async () => {
    const { body } = await getJson<PublishedPostJson>(`/api/blog/${hostileId}`);
    expect(body.content).toContain('<script>');
    expect(body.contentHtml).toContain('<h1>Title</h1>');
    expect(body.contentHtml).toContain('Still here.');
    expect(body.contentHtml).toContain('alt="x"');
    expect(body.contentHtml).not.toMatch(/<script|onerror|javascript:|window\.hacked/i);
  });

  it('is documented in the OpenAPI document', async () => {
    const { body } = await getJson<{ paths: Record<string, { get?: unknown }> }>('/api/openapi.json');
    expect(body.paths['/blog']?.get).toBeDefined();
    expect(body.paths['/blog/{id}']?.get).toBeDefined();
  });
});
