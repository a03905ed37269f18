import { z } from 'zod';
import { SLUG_PATTERN, SLUG_PATTERN_MESSAGE, SLUG_REQUIRED_MESSAGE } from './slugify';

// docs/product.md section 5's blog post rules, with its exact messages. The server and the admin form share this.
export const blogPostInput = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200).describe('The title'),
  slug: z
    .string()
    .trim()
    .min(1, SLUG_REQUIRED_MESSAGE)
    .max(200)
    .regex(SLUG_PATTERN, SLUG_PATTERN_MESSAGE)
    .describe("The post's address: /blog/{slug} (lowercase letters, numbers and hyphens; unique)"),
  excerpt: z.string().trim().min(1, 'Excerpt is required').max(1000).describe('The summary shown in the blog list'),
  content: z.string().trim().min(1, 'Content is required').max(100_000).describe('The post itself, in Markdown'),
  imageUrl: z
    .string()
    .trim()
    .max(500, 'Must be at most 500 characters')
    .refine(isUrl, 'Must be a valid URL')
    .meta({ description: 'The featured image: an http(s) URL or a path on this site', format: 'uri-reference' }),
  published: z.boolean().describe('Whether readers see it (false: a draft)'),
});

export type BlogPostInput = z.infer<typeof blogPostInput>;

/** An absolute http(s) URL, or a path on this site such as '/images/blog/x.svg' (the shipped images). */
export function isUrl(value: string): boolean {
  if (/^\/[^/\\]/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
