// The pages every shop must have, written by the owner in Markdown (issue 45): their slugs are their addresses
// (/privacy ...), the table's keys (site_page) and the API's (/api/pages/{slug}). The server and the storefront's
// footer and page read them here. In the first bundle's shared chunk (vite.config.ts): every page's loaders and footer
// need them.

export const SITE_PAGES = [
  { slug: 'privacy', label: 'Privacy Policy' },
  { slug: 'terms', label: 'Terms of Service' },
  { slug: 'returns', label: 'Returns & Refunds' },
  { slug: 'shipping', label: 'Shipping' },
  { slug: 'accessibility', label: 'Accessibility' },
] as const;

export type SitePageSlug = (typeof SITE_PAGES)[number]['slug'];

export const SITE_PAGE_SLUGS = SITE_PAGES.map((page) => page.slug) as [SitePageSlug, ...SitePageSlug[]];

/** The page at an address ('/privacy', '/privacy/'), or undefined for any other: the five share one route file. */
export function sitePageSlugOf(pathname: string): SitePageSlug | undefined {
  const slug = pathname.replace(/^\/+|\/+$/g, '');
  return SITE_PAGE_SLUGS.find((known) => known === slug);
}
