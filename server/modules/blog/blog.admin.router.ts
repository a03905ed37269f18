import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../trpc/errors';
import { z } from 'zod';
import { adminProcedure, router } from '../../trpc/init';
import { noCoerce } from '../../domain/no-coerce';
import { BlogPost, type IBlogPost } from './blog-post.entity';
import { blogPostOutput, toBlogPostDto } from './blog-post.output';
import { blogPostInput, type BlogPostInput } from '../../domain/blog-post-input';

const idInput = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
// A JSON body must say true or false; "false" is not quietly read as true (see noCoerce).
const input = blogPostInput.extend({ published: noCoerce(z.boolean({ error: 'published must be true or false' })) });

const slugTaken = (slug: string) => new AppError('CONFLICT', `Another blog post already uses the slug "${slug}". Please choose another.`);

/** Publishing stamps publishedAt once (a later edit keeps the first date); unpublishing clears it. */
function applyValues(post: Partial<IBlogPost>, values: BlogPostInput) {
  Object.assign(post, values);
  post.publishedAt = values.published ? (post.publishedAt ?? new Date()) : null;
}

async function saveWithUniqueSlug(em: EntityManager, slug: string) {
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw slugTaken(slug);
    throw error;
  }
}

async function ensureSlugFree(em: EntityManager, slug: string, exceptId?: number) {
  const other = await em.findOne(BlogPost, { slug, ...(exceptId ? { id: { $ne: exceptId } } : {}) });
  if (other) throw slugTaken(slug);
}

// The owner's side of the blog (SPEC.md section 2 Blog Posts tab, section 5). The public list is blog.router.ts.
export const blogAdminRouter = router({
  all: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/blog/all', tags: ['admin', 'blog'], summary: 'Every blog post, drafts too', protect: true } })
    .input(z.void())
    .output(z.array(blogPostOutput))
    .query(async ({ ctx }) => {
      const posts = await ctx.em.find(BlogPost, {}, { orderBy: { createdAt: 'desc', id: 'desc' } });
      return posts.map(toBlogPostDto);
    }),

  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/blog', tags: ['admin', 'blog'], summary: 'Write a blog post', protect: true } })
    .input(input)
    .output(blogPostOutput)
    .mutation(async ({ ctx, input: values }) => {
      await ensureSlugFree(ctx.em, values.slug);
      const post: Partial<IBlogPost> = {};
      applyValues(post, values);
      const created = ctx.em.create(BlogPost, post as IBlogPost);
      await saveWithUniqueSlug(ctx.em, values.slug);
      return toBlogPostDto(created);
    }),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/blog/{id}', tags: ['admin', 'blog'], summary: 'Change a blog post', protect: true } })
    .input(input.extend(idInput.shape))
    .output(blogPostOutput)
    .mutation(async ({ ctx, input: { id, ...values } }) => {
      const post = await ctx.em.findOne(BlogPost, { id });
      if (!post) throw new AppError('NOT_FOUND', `No blog post with id ${id}`);
      await ensureSlugFree(ctx.em, values.slug, id);
      applyValues(post, values);
      await saveWithUniqueSlug(ctx.em, values.slug);
      return toBlogPostDto(post);
    }),

  delete: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/blog/{id}', tags: ['admin', 'blog'], summary: 'Delete a blog post', protect: true } })
    .input(idInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input: { id } }) => {
      const deleted = await ctx.em.nativeDelete(BlogPost, { id });
      if (deleted === 0) throw new AppError('NOT_FOUND', `No blog post with id ${id}`);
      return { success: true as const };
    }),
});
