import { z } from 'zod';
import { publicProcedure, router } from '../../trpc/init';
import { renderPostContent } from './blog-markdown';
import { blogPostOutput, toBlogPostDto } from './blog-post.output';
import { publishedPost, publishedPosts } from './blog.service';

// The public side of the blog: published posts only. The admin side lives in its own router.
const publishedPostOutput = blogPostOutput.extend({
  /** The content rendered from Markdown and sanitised on the server, ready to be set as HTML. */
  contentHtml: z.string(),
  /** When the post was last edited (ISO), for search engines' dateModified. */
  updatedAt: z.string(),
});

export const blogRouter = router({
  list: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/blog', tags: ['blog'], summary: 'Published blog posts, newest first' } })
    .input(z.void())
    .output(z.array(blogPostOutput))
    .query(async ({ ctx }) => (await publishedPosts(ctx.em)).map(toBlogPostDto)),

  byIdOrSlug: publicProcedure
    .meta({
      // One path with the owner's PUT and DELETE /blog/{id} (SPEC.md's): `id` here is a post's id or its slug (D19).
      openapi: { method: 'GET', path: '/blog/{id}', tags: ['blog'], summary: 'One published post by id or slug' },
    })
    .input(z.object({ id: z.string().trim().min(1).max(200).describe("The post's id, or its slug") }))
    .output(publishedPostOutput)
    .query(async ({ ctx, input }) => {
      const post = await publishedPost(ctx.em, input.id);
      return { ...toBlogPostDto(post), contentHtml: renderPostContent(post.content), updatedAt: post.updatedAt.toISOString() };
    }),
});
