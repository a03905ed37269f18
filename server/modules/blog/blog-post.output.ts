import { z } from 'zod';
import { count, imageAddress, named, rowId, timestamp } from '../../contract/wire-schemas';
import type { IBlogPost } from './blog-post.entity';

// A blog post as it travels (docs/product.md section 3); dates as ISO strings, publishedAt null for drafts.
const blogPostFields = z.object({
  id: rowId('The post id', 3),
  title: z.string().meta({ description: 'The title', examples: ['Turning Green Wood into Yarn Bowls'] }),
  slug: z.string().meta({ description: "The post's address: /blog/{slug}", examples: ['turning-green-wood-into-yarn-bowls'] }),
  excerpt: z.string().meta({ description: 'The summary shown in the blog list' }),
  content: z.string().meta({ description: 'The post itself, in Markdown' }),
  imageUrl: imageAddress('The featured image', '/images/blog/turning-green-wood-into-yarn-bowls.svg'),
  published: z.boolean().meta({ description: 'Whether readers see it (false: a draft, seen only by the owner)' }),
  publishedAt: timestamp('When it was first published').nullable().meta({ description: 'When it was first published; null for a draft' }),
  createdAt: timestamp('When it was written'),
});

export type BlogPostDto = z.infer<typeof blogPostFields>;

export const blogPostExample: BlogPostDto = {
  id: 3,
  title: 'Turning Green Wood into Yarn Bowls',
  slug: 'turning-green-wood-into-yarn-bowls',
  excerpt: 'Why we turn our yarn bowls twice, a year apart.',
  content: '## Rough turning\n\nA fresh log is full of water...',
  imageUrl: '/images/blog/turning-green-wood-into-yarn-bowls.svg',
  published: true,
  publishedAt: '2026-11-20T09:00:00.000Z',
  createdAt: '2026-11-19T16:30:00.000Z',
};

export const blogPostOutput = named(blogPostFields, 'BlogPost', "A blog post (drafts appear only in the owner's lists).", blogPostExample);

/** A page of the owner's posts (GET /api/admin/blog). */
export const blogPostPageOutput = named(
  z.object({
    posts: z.array(blogPostOutput).meta({ description: 'The posts of this page' }),
    total: count('How many posts there are in all pages', 4),
  }),
  'BlogPostPage',
  "A page of the owner's blog posts, drafts too, newest first, with the total.",
  { posts: [blogPostExample], total: 4 },
);

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
