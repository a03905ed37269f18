import { z } from 'zod';
import { named, timestamp } from '../../contract/wire-schemas';
import { SITE_PAGE_SLUGS } from '../../domain/site-pages';
import { renderPostContent } from '../blog';
import type { ISitePage } from './site-page.entity';

// An owner's page as it travels: the public's, rendered to safe HTML on the server as a blog post's content is
// (D19), and the owner's, with its Markdown and whether it is still the starting text.

const slug = z
  .enum(SITE_PAGE_SLUGS)
  .meta({ id: 'SitePageSlug', description: "The page's slug, its address on the storefront: /{slug}", examples: ['returns'] });
const title = z.string().meta({ description: 'The title', examples: ['Returns & Refunds'] });
const updatedAt = timestamp('When the page was last saved');

const sitePageExample = {
  slug: 'returns' as const,
  title: 'Returns & Refunds',
  html: '<h2>30-day satisfaction guarantee</h2>\n<p>If you are not happy with a piece...</p>\n',
  updatedAt: '2026-12-02T15:00:00.000Z',
};

export const sitePageOutput = named(
  z.object({
    slug,
    title,
    html: z.string().meta({ description: 'The text, rendered from Markdown and sanitised on the server, ready to show as HTML' }),
    updatedAt,
  }),
  'SitePage',
  'A page every shop has (privacy, terms, returns, shipping, accessibility) as the storefront shows it.',
  sitePageExample,
);

export const sitePageSourceOutput = named(
  z.object({
    slug,
    title,
    body: z.string().meta({ description: 'The text, in Markdown' }),
    startingText: z
      .boolean()
      .meta({ description: 'True until the owner first saves the page: still the starting text the shop came with' }),
    updatedAt,
  }),
  'SitePageSource',
  'A page every shop has, as the owner edits it.',
  {
    slug: 'returns',
    title: 'Returns & Refunds',
    body: '## 30-day satisfaction guarantee\n\nIf you are not happy...',
    startingText: true,
    updatedAt: sitePageExample.updatedAt,
  },
);

export const sitePagePreviewOutput = named(
  z.object({ html: sitePageOutput.shape.html }),
  'SitePagePreview',
  'Markdown rendered as the page would show it, not saved.',
  { html: sitePageExample.html },
);

const slugOf = (page: ISitePage) => page.slug as (typeof SITE_PAGE_SLUGS)[number];

export const toSitePageDto = (page: ISitePage): z.infer<typeof sitePageOutput> => ({
  slug: slugOf(page),
  title: page.title,
  html: renderPostContent(page.body),
  updatedAt: page.updatedAt.toISOString(),
});

export const toSitePageSourceDto = (page: ISitePage): z.infer<typeof sitePageSourceOutput> => ({
  slug: slugOf(page),
  title: page.title,
  body: page.body,
  startingText: page.startingText,
  updatedAt: page.updatedAt.toISOString(),
});
