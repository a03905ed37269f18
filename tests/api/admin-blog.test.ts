import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/admin-client';
import type { BlogPostJson, ErrorJson } from '../support/api-types';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  cookie = await signIn(server);
});
afterAll(() => server?.close());

const post = {
  title: 'Choosing a Bowl Blank',
  slug: 'choosing-a-bowl-blank',
  excerpt: 'What we look for in green wood.',
  content: 'Long text about **wood**.',
  imageUrl: '/images/blog/blank.svg',
  published: false,
};

describe('blog posts for the owner', () => {
  it('pages the posts, drafts too, newest first, with the total', async () => {
    const all = (await call<BlogPostJson[]>(server, 'GET', '/blog/all', { cookie })).body;
    const first = await call<{ posts: BlogPostJson[]; total: number }>(server, 'GET', '/admin/blog?page=1&pageSize=1', { cookie });
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(all.length);
    expect(first.body.posts.map((p) => p.id)).toEqual([all[0]!.id]);
    const second = await call<{ posts: BlogPostJson[] }>(server, 'GET', '/admin/blog?page=2&pageSize=1', { cookie });
    expect(second.body.posts.map((p) => p.id)).toEqual([all[1]!.id]);
    expect((await call(server, 'GET', '/admin/blog?pageSize=0', { cookie })).status).toBe(400);
    expect((await call(server, 'GET', '/admin/blog')).status).toBe(401);
  });

  it('creates a draft, lists it in /api/blog/all with drafts, publishes and unpublishes it', async () => {
    const created = await call<BlogPostJson>(server, 'POST', '/blog', { cookie, body: post });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ ...post, publishedAt: null });

    const all = await call<BlogPostJson[]>(server, 'GET', '/blog/all', { cookie });
    expect(all.status).toBe(200);
    expect(all.body.find((p: { id: number }) => p.id === created.body.id)).toMatchObject({ published: false });

    const published = await call<BlogPostJson>(server, 'PUT', `/blog/${created.body.id}`, { cookie, body: { ...post, published: true } });
    expect(published.status).toBe(200);
    expect(published.body.published).toBe(true);
    const publishedAt = published.body.publishedAt!;
    expect(Date.now() - Date.parse(publishedAt)).toBeLessThan(60_000);

    // Editing a published post keeps its first publication date.
    const edited = await call(server, 'PUT', `/blog/${created.body.id}`, {
      cookie,
      body: { ...post, title: 'New title', published: true },
    });
    expect(edited.body).toMatchObject({ title: 'New title', publishedAt });

    const unpublished = await call(server, 'PUT', `/blog/${created.body.id}`, { cookie, body: { ...post, published: false } });
    expect(unpublished.body).toMatchObject({ published: false, publishedAt: null });
  });

  it('refuses a slug that another post uses with 409 and a clear message', async () => {
    const first = await call<BlogPostJson>(server, 'POST', '/blog', { cookie, body: { ...post, slug: 'taken-slug' } });
    expect(first.status).toBe(200);
    const again = await call<ErrorJson>(server, 'POST', '/blog', { cookie, body: { ...post, slug: 'taken-slug' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT' });
    expect(again.body.message).toContain('taken-slug');

    const other = await call<BlogPostJson>(server, 'POST', '/blog', { cookie, body: { ...post, slug: 'other-slug' } });
    const clash = await call(server, 'PUT', `/blog/${other.body.id}`, { cookie, body: { ...post, slug: 'taken-slug' } });
    expect(clash.status).toBe(409);
    // Saving a post under its own slug is no clash.
    expect((await call(server, 'PUT', `/blog/${first.body.id}`, { cookie, body: { ...post, slug: 'taken-slug' } })).status).toBe(200);
  });

  // docs/product.md section 5, with its exact messages.
  const refusals: [string, Record<string, unknown>, string][] = [
    ['title', { title: ' ' }, 'title: Title is required'],
    ['slug', { slug: '' }, 'slug: Slug is required'],
    ['slug pattern', { slug: 'Not A Slug' }, 'slug: Slug must contain only lowercase letters, numbers, and hyphens'],
    ['excerpt', { excerpt: '' }, 'excerpt: Excerpt is required'],
    ['content', { content: '' }, 'content: Content is required'],
    ['imageUrl', { imageUrl: 'nope' }, 'imageUrl: Must be a valid URL'],
    ['published', { published: 'yes' }, 'published: published must be true or false'],
    // GET /api/blog/all is the owner's list: a post there could not be read by its slug.
    ['slug "all"', { slug: 'all' }, 'slug: Slug "all" is reserved'],
    ['imageUrl over 500 characters', { imageUrl: `/images/${'x'.repeat(500)}.svg` }, 'imageUrl: Must be at most 500 characters'],
  ];
  it.each(refusals)('refuses a bad %s with its message and writes nothing', async (_label, change, message) => {
    const before = (await call<BlogPostJson[]>(server, 'GET', '/blog/all', { cookie })).body.length;
    const result = await call<ErrorJson>(server, 'POST', '/blog', { cookie, body: { ...post, slug: 'never-written', ...change } });
    expect(result.status).toBe(400);
    expect(result.body.message).toContain(message);
    expect((await call<BlogPostJson[]>(server, 'GET', '/blog/all', { cookie })).body.length).toBe(before);
  });

  it('deletes a post, then answers 404 for it', async () => {
    const created = await call<BlogPostJson>(server, 'POST', '/blog', { cookie, body: { ...post, slug: 'to-delete' } });
    expect(await call(server, 'DELETE', `/blog/${created.body.id}`, { cookie })).toMatchObject({ status: 200, body: { success: true } });
    const all = (await call<BlogPostJson[]>(server, 'GET', '/blog/all', { cookie })).body.map((p: { id: number }) => p.id);
    expect(all).not.toContain(created.body.id);
    expect((await call(server, 'DELETE', `/blog/${created.body.id}`, { cookie })).status).toBe(404);
    expect((await call(server, 'DELETE', '/blog/abc', { cookie })).status).toBe(400);
  });
});
