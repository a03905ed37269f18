import { AppError } from '../../trpc/errors';
import { z } from 'zod';
import { publicProcedure, router } from '../../trpc/init';
import { BlogPost } from './blog-post.entity';
import { renderPostContent } from './blog-markdown';
import { blogPostOutput, toBlogPostDto } from './blog-post.output';

// The public side of the blog: published posts only. The admin side lives in its own router.
const MAX_ID = 2_147_483_647;

const publishedPostOutput = blogPostOutput.extend({
  /** The content rendered from Markdown and sanitised on the server, ready to be set as HTML. */
  contentHtml: z.string(),
});

export const blogRouter = router({
  list: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/blog', tags: ['blog'], summary: 'Published blog posts, newest first' } })
    .input(z.void())
    .output(z.array(blogPostOutput))
    .query(async ({ ctx }) => {
      const posts = await ctx.em.find(
        BlogPost,
        { published: true },
        { orderBy: { publishedAt: 'desc nulls last', createdAt: 'desc', id: 'desc' } },
      );
      return posts.map(toBlogPostDto);
    }),

  byIdOrSlug: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/blog/{idOrSlug}', tags: ['blog'], summary: 'One published post by id or slug' },
    })
    .input(z.object({ idOrSlug: z.string().trim().min(1).max(200) }))
    .output(publishedPostOutput)
    .query(async ({ ctx, input }) => {
      // Both /blog/{id} and /blog/{slug} are linked (D19). A numeric slug is possible, so try the id first.
      const id = /^\d{1,10}$/.test(input.idOrSlug) ? Number(input.idOrSlug) : undefined;
      const byId = id !== undefined && id <= MAX_ID ? await ctx.em.findOne(BlogPost, { id, published: true }) : null;
      const post = byId ?? (await ctx.em.findOne(BlogPost, { slug: input.idOrSlug.toLowerCase(), published: true }));
      // Drafts answer exactly as unknown posts do, so their existence does not leak.
      if (!post) throw new AppError('NOT_FOUND', 'Post not found');
      return { ...toBlogPostDto(post), contentHtml: renderPostContent(post.content) };
    }),
});
