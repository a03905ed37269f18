import { z } from 'zod';
import { blogPostInput } from '../../domain/blog-post-input';
import { idInput } from '../../domain/ids';
import { noCoerce } from '../../domain/no-coerce';
import { adminProcedure, router } from '../../trpc/init';
import { blogPostOutput, toBlogPostDto } from './blog-post.output';
import { createPost, deletePost, ownerPostsPage, updatePost } from './blog.service';
import { listPagingInput, sendPagingHeaders } from '../../rest/list-paging';

// A JSON body must say true or false; "false" is not quietly read as true (see noCoerce).
const input = blogPostInput.extend({ published: noCoerce(z.boolean({ error: 'published must be true or false' })) });

// The owner's side of the blog (SPEC.md section 2 Blog Posts tab, section 5). The public list is blog.router.ts.
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
    .input(listPagingInput)
    .output(z.array(blogPostOutput))
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
    .input(
      z.object({
        page: z.coerce.number().int().min(1).max(100_000).default(1),
        pageSize: z.coerce.number().int().min(1).max(100).default(20),
      }),
    )
    .output(z.object({ posts: z.array(blogPostOutput), total: z.number().int() }))
    .query(async ({ ctx, input }) => {
      const [posts, total] = await ownerPostsPage(ctx.em, input.page, input.pageSize);
      return { posts: posts.map(toBlogPostDto), total };
    }),

  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/blog', tags: ['admin', 'blog'], summary: 'Write a blog post', protect: true } })
    .input(input)
    .output(blogPostOutput)
    .mutation(async ({ ctx, input: values }) => toBlogPostDto(await createPost(ctx.em, values))),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/blog/{id}', tags: ['admin', 'blog'], summary: 'Change a blog post', protect: true } })
    .input(input.extend(idInput.shape))
    .output(blogPostOutput)
    .mutation(async ({ ctx, input: { id, ...values } }) => toBlogPostDto(await updatePost(ctx.em, id, values))),

  delete: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/blog/{id}', tags: ['admin', 'blog'], summary: 'Delete a blog post', protect: true } })
    .input(idInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input: { id } }) => {
      await deletePost(ctx.em, id);
      return { success: true as const };
    }),
});
