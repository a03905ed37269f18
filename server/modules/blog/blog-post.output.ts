import { z } from 'zod';
import type { IBlogPost } from './blog-post.entity';

// A blog post as it travels (SPEC.md section 3); dates as ISO strings, publishedAt null for drafts.
export const blogPostOutput = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  content: z.string(),
  imageUrl: z.string(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
});

export type BlogPostDto = z.infer<typeof blogPostOutput>;

export function toBlogPostDto(post: IBlogPost): BlogPostDto {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    imageUrl: post.imageUrl,
    published: post.published,
    publishedAt: post.publishedAt ? post.publishedAt.toISOString() : null,
    createdAt: post.createdAt.toISOString(),
  };
}
