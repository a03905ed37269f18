import type { EntityManager } from '@mikro-orm/postgresql';
import type { SitePageInput } from '../../domain/site-page-input';
import { SITE_PAGE_SLUGS } from '../../domain/site-pages';
import { AppError } from '../../trpc/errors';
import { SitePage, type ISitePage } from './site-page.entity';

// Every read and write of the owner's pages: the public's page (site-pages.router.ts), the owner's list and edits
// (site-pages.admin.router.ts). A save tells every instance's caches through the table's trigger (the catalogue's
// change notice), so the next reader sees it.

const notFound = (slug: string) => new AppError('NOT_FOUND', `No page "${slug}": the pages are ${SITE_PAGE_SLUGS.join(', ')}`);

export async function sitePage(em: EntityManager, slug: string): Promise<ISitePage> {
  const page = await em.findOne(SitePage, { slug: slug.toLowerCase() });
  if (!page) throw notFound(slug);
  return page;
}

/** The pages in the footer's order (server/domain/site-pages.ts). */
export async function sitePages(em: EntityManager): Promise<ISitePage[]> {
  const pages = await em.find(SitePage, {});
  return SITE_PAGE_SLUGS.flatMap((slug) => pages.filter((page) => page.slug === slug));
}

/** The owner's save: from now on the page is theirs, no longer the starting text. */
export async function updateSitePage(em: EntityManager, slug: string, values: SitePageInput): Promise<ISitePage> {
  const page = await sitePage(em, slug);
  Object.assign(page, values, { startingText: false, updatedAt: new Date() });
  await em.flush();
  return page;
}
