import { z } from 'zod';
import { SLUG_PATTERN, SLUG_PATTERN_MESSAGE, SLUG_REQUIRED_MESSAGE } from './slugify';

// SPEC.md section 5's blog post rules, with its exact messages. The server and the admin form share this.
export const blogPostInput = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200),
  slug: z.string().trim().min(1, SLUG_REQUIRED_MESSAGE).max(200).regex(SLUG_PATTERN, SLUG_PATTERN_MESSAGE),
  excerpt: z.string().trim().min(1, 'Excerpt is required').max(1000),
  content: z.string().trim().min(1, 'Content is required').max(100_000),
  imageUrl: z.string().trim().refine(isUrl, 'Must be a valid URL'),
  published: z.boolean(),
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
