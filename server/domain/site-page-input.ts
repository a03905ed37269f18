import { z } from 'zod';
// Its own file, so the storefront's footer, which reads site-pages.ts, does not load zod.

export const SITE_PAGE_LIMITS = { title: 200, body: 50_000 } as const;

/** What the owner saves; the admin's editor checks the same rules before sending. */
export const sitePageInput = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(SITE_PAGE_LIMITS.title, `Title must be at most ${SITE_PAGE_LIMITS.title} characters`)
    .describe("The page's title, its heading and the browser tab's"),
  body: z
    .string()
    .trim()
    .min(1, 'Text is required')
    .max(SITE_PAGE_LIMITS.body, `Text must be at most ${SITE_PAGE_LIMITS.body.toLocaleString('en-US')} characters`)
    .describe('The page itself, in Markdown (HTML is sanitised as in blog posts: no script ever runs)'),
});

export type SitePageInput = z.infer<typeof sitePageInput>;
