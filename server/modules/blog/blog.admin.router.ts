import { z } from 'zod';
import { blogPostInput } from '../../domain/blog-post-input';
import { idInput } from '../../domain/ids';
import { adminProcedure, router, withInput, withOutput } from '../../trpc/init';
import { blogPostOutput, blogPostPageOutput, toBlogPostDto } from './blog-post.output';
import { createPost, deletePost, ownerPostsPage, updatePost } from './blog.service';
import { listPagingInput, sendPagingHeaders } from '../../contract/list-paging';
import { namedInput, successOutput, withPathParameters } from '../../contract/wire-schemas';

const input = namedInput(
  blogPostInput.extend({
    // GET /api/blog/all is the owner's list, so a post with this slug could not be read at GET /api/blog/{slug}.
    slug: blogPostInput.shape.slug
      .refine((slug) => slug !== 'all', 'Slug "all" is reserved: please choose another')
      .describe('The post\'s address: /blog/{slug} (lowercase letters, numbers and hyphens; unique; not "all")'),
    published: z.boolean({ error: 'published must be true or false' }).describe('Whether readers see it (false: a draft)'),
  }),
  'BlogPostInput',
  'A blog post as the owner writes it (docs/product.md section 5). Publishing stamps publishedAt once; unpublishing clears it.',
  {
    title: 'Turning Green Wood into Yarn Bowls',
    slug: 'turning-green-wood-into-yarn-bowls',
    excerpt: 'Why we turn our yarn bowls twice, a year apart.',
    content: '## Rough turning\n\nA fresh log is full of water...',
    imageUrl: '/images/blog/turning-green-wood-into-yarn-bowls.svg',
    published: true,
  },
);

const postId = z.object({ id: idInput.shape.id.describe('The post id') });

// The owner's side of the blog (docs/product.md section 2 Blog Posts tab, section 5). The public list is blog.router.ts.
export const blogAdminRouter = router({
  all: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/blog/all',
        tags: ['admin', 'blog'],
        summary: 'Blog posts, drafts too, newest first, a page at a time (X-Total-Count and Link headers)',
        protect: true,
      },
    })
    .concat(withInput(listPagingInput))
    .concat(withOutput(z.array(blogPostOutput)))
    .query(async ({ ctx, input }) => {
      const [posts, total] = await ownerPostsPage(ctx.em, input.page, input.pageSize);
      sendPagingHeaders(ctx, input, total);
      return posts.map(toBlogPostDto);
    }),

  page: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/blog',
        tags: ['admin', 'blog'],
        summary: 'A page of blog posts, drafts too, with the total',
        protect: true,
      },
    })
    .concat(
      withInput(
        z.object({
          page: z.number().int().min(1).max(100_000).default(1).describe('Which page, from 1'),
          pageSize: z.number().int().min(1).max(100).default(20).describe('How many posts a page holds, 1 to 100'),
        }),
      ),
    )
    .concat(withOutput(blogPostPageOutput))
    .query(async ({ ctx, input }) => {
      const [posts, total] = await ownerPostsPage(ctx.em, input.page, input.pageSize);
      return { posts: posts.map(toBlogPostDto), total };
    }),

  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/blog', tags: ['admin', 'blog'], summary: 'Write a blog post', protect: true } })
    .concat(withInput(input))
    .concat(withOutput(blogPostOutput))
    .mutation(async ({ ctx, input: values }) => toBlogPostDto(await createPost(ctx.em, values))),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/blog/{id}', tags: ['admin', 'blog'], summary: 'Change a blog post', protect: true } })
    .concat(withInput(withPathParameters(input, postId.shape)))
    .concat(withOutput(blogPostOutput))
    .mutation(async ({ ctx, input: { id, ...values } }) => toBlogPostDto(await updatePost(ctx.em, id, values))),

  delete: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/blog/{id}', tags: ['admin', 'blog'], summary: 'Delete a blog post', protect: true } })
    .concat(withInput(postId))
    .concat(withOutput(successOutput))
    .mutation(async ({ ctx, input: { id } }) => {
      await deletePost(ctx.em, id);
      return { success: true as const };
    }),
});
