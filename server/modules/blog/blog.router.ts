import { z } from 'zod';
import { publicProcedure, router, withInput, withOutput } from '../../trpc/init';
import { askedPage, optionalPagingInput, pageWindow, sendPagingHeaders } from '../../contract/list-paging';
import { named, timestamp } from '../../contract/wire-schemas';
import { renderPostContent } from './blog-markdown';
import { blogPostExample, blogPostOutput, toBlogPostDto } from './blog-post.output';
import { publishedPost, publishedPosts } from './blog.service';

// The public side of the blog: published posts only. The admin side lives in its own router.
const publishedPostOutput = named(
  blogPostOutput.extend({
    contentHtml: z.string().meta({ description: 'The content rendered from Markdown and sanitised on the server, ready to show as HTML' }),
    updatedAt: timestamp('When it was last edited'),
  }),
  'PublishedBlogPost',
  'A published post as its page shows it: a BlogPost with its content as safe HTML and when it was last edited.',
  {
    ...blogPostExample,
    contentHtml: '<h2>Rough turning</h2>\n<p>A fresh log is full of water...</p>\n',
    updatedAt: '2026-11-21T10:15:00.000Z',
  },
);

export const blogRouter = router({
  list: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/blog',
        tags: ['blog'],
        summary: 'Published blog posts, newest first (all, or a page when page or pageSize is given)',
      },
    })
    .concat(withInput(optionalPagingInput.optional()))
    .concat(withOutput(z.array(blogPostOutput)))
    .query(async ({ ctx, input }) => {
      const paging = askedPage(input);
      const [posts, total] = await publishedPosts(ctx.em, paging && pageWindow(paging));
      if (paging) sendPagingHeaders(ctx, paging, total);
      return posts.map(toBlogPostDto);
    }),

  byIdOrSlug: publicProcedure
    .meta({
      // One path with the owner's PUT and DELETE /blog/{id} (docs/product.md's): `id` here is a post's id or its slug (D19).
      openapi: { method: 'GET', path: '/blog/{id}', tags: ['blog'], summary: 'One published post by id or slug' },
    })
    .concat(
      withInput(
        z.object({
          id: z
            .string()
            .trim()
            .min(1)
            .max(200)
            .describe("The post's id (digits) or its slug; a slug made only of digits is found by its id first"),
        }),
      ),
    )
    .concat(withOutput(publishedPostOutput))
    .query(async ({ ctx, input }) => {
      const post = await publishedPost(ctx.em, input.id);
      return { ...toBlogPostDto(post), contentHtml: renderPostContent(post.content), updatedAt: post.updatedAt.toISOString() };
    }),
});
