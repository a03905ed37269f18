import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type { BlogPostInput } from '../../domain/blog-post-input';
import { MAX_ID } from '../../domain/ids';
import { AppError } from '../../trpc/errors';
import { BlogPost, type IBlogPost } from './blog-post.entity';
import type { PageWindow } from '../../contract/list-paging';

// Every read and write of the blog: the public's published posts (blog.router.ts), the owner's posts with drafts
// (blog.admin.router.ts), and the server's page hints and sitemap. Readers never see a draft.

/** Published posts, newest first (ties by id): all, or the page `window` asks for; with how many there are. */
export async function publishedPosts(em: EntityManager, window?: PageWindow): Promise<[IBlogPost[], number]> {
  const options = { orderBy: { publishedAt: 'desc nulls last', createdAt: 'desc', id: 'desc' } } as const;
  if (window) return em.findAndCount(BlogPost, { published: true }, { ...options, ...window });
  const posts = await em.find(BlogPost, { published: true }, options);
  return [posts, posts.length];
}

/** A published post by id or by slug (D19); a draft answers as an unknown post does, so its existence does not leak. */
export async function publishedPost(em: EntityManager, idOrSlug: string): Promise<IBlogPost> {
  // A numeric slug is possible, so the id is tried first.
  const id = /^\d{1,10}$/.test(idOrSlug) ? Number(idOrSlug) : undefined;
  const byId = id !== undefined && id <= MAX_ID ? await em.findOne(BlogPost, { id, published: true }) : null;
  const post = byId ?? (await em.findOne(BlogPost, { slug: idOrSlug.toLowerCase(), published: true }));
  if (!post) throw new AppError('NOT_FOUND', 'Post not found');
  return post;
}

/** A page of the owner's posts, drafts too, newest first, with how many there are. */
export function ownerPostsPage(em: EntityManager, page: number, pageSize: number): Promise<[IBlogPost[], number]> {
  return em.findAndCount(BlogPost, {}, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: pageSize, offset: (page - 1) * pageSize });
}

export async function createPost(em: EntityManager, values: BlogPostInput): Promise<IBlogPost> {
  await ensureSlugFree(em, values.slug);
  const post: Partial<IBlogPost> = {};
  applyValues(post, values);
  const created = em.create(BlogPost, post as IBlogPost);
  await saveWithUniqueSlug(em, values.slug);
  return created;
}

export async function updatePost(em: EntityManager, id: number, values: BlogPostInput): Promise<IBlogPost> {
  const post = await em.findOne(BlogPost, { id });
  if (!post) throw new AppError('NOT_FOUND', `No blog post with id ${id}`);
  await ensureSlugFree(em, values.slug, id);
  applyValues(post, values);
  await saveWithUniqueSlug(em, values.slug);
  return post;
}

export async function deletePost(em: EntityManager, id: number): Promise<void> {
  const deleted = await em.nativeDelete(BlogPost, { id });
  if (deleted === 0) throw new AppError('NOT_FOUND', `No blog post with id ${id}`);
}

/** The sitemap's posts: every published one, with its last change. */
export function sitemapPosts(em: EntityManager): Promise<Pick<IBlogPost, 'slug' | 'updatedAt'>[]> {
  return em.find(BlogPost, { published: true }, { fields: ['slug', 'updatedAt'], orderBy: { id: 'asc' } });
}

/** The slug of a published post, by id: a post's page by id moves to its one address (D19). */
export async function publishedSlug(em: EntityManager, id: number): Promise<string | null> {
  const post = await em.findOne(BlogPost, { id, published: true }, { fields: ['slug'] });
  return post?.slug ?? null;
}

/** The blog's first picture: the newest published post's, as blog.list orders them. */
export async function newestPostImage(em: EntityManager): Promise<string[]> {
  const posts = await em.find(
    BlogPost,
    { published: true },
    { fields: ['imageUrl'], orderBy: { publishedAt: 'desc nulls last', createdAt: 'desc', id: 'desc' }, limit: 1 },
  );
  return posts.map((post) => post.imageUrl);
}

const slugTaken = (slug: string) => new AppError('CONFLICT', `Another blog post already uses the slug "${slug}". Please choose another.`);

/** Publishing stamps publishedAt once (a later edit keeps the first date); unpublishing clears it. */
function applyValues(post: Partial<IBlogPost>, values: BlogPostInput) {
  Object.assign(post, values);
  post.publishedAt = values.published ? (post.publishedAt ?? new Date()) : null;
}

async function ensureSlugFree(em: EntityManager, slug: string, exceptId?: number) {
  const other = await em.findOne(BlogPost, { slug, ...(exceptId ? { id: { $ne: exceptId } } : {}) });
  if (other) throw slugTaken(slug);
}

/** Two saves of one slug at once: the database's unique index has the last word. */
async function saveWithUniqueSlug(em: EntityManager, slug: string) {
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw slugTaken(slug);
    throw error;
  }
}
