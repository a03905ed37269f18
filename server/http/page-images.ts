import type { EntityManager } from '@mikro-orm/postgresql';
import type { CatalogChanges } from '../cache/catalog-changes';
import { findPage } from '../domain/pages';
import { parseProductId } from '../domain/product-id';

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The pictures a storefront page paints first (its largest paint on a phone), from the catalogue as its entry in
 * server/domain/pages.ts says: the first products of the shop, a product's photo, the newest post's picture. Named in the page's HTML as preloads, they download
 * alongside the app's JavaScript instead of after it has run and fetched the data. Answers are kept until the
 * catalogue changes (CatalogChanges); without the database, a page simply has no hints.
 */
export class PageImages {
  private readonly cache = new Map<string, string>();

  constructor(
    private readonly em: EntityManager,
    private readonly changes: CatalogChanges,
  ) {
    changes.on('change', () => this.cache.clear());
  }

  /** `<link rel="preload">` tags for the page at `pathname` (its query string changes what the shop shows: none then). */
  async links(pathname: string, hasQuery: boolean): Promise<string> {
    const query = this.query(pathname, hasQuery);
    if (!query) return '';
    const key = `${query.sql}|${query.params.join(',')}`;
    const cached = this.changes.live ? this.cache.get(key) : undefined;
    if (cached !== undefined) return cached;
    const rows = await this.em
      .fork()
      .execute<{ image_url: string }[]>(query.sql, query.params)
      .catch(() => undefined);
    if (!rows) return '';
    const links = rows
      .map(
        (row, index) =>
          `<link rel="preload" as="image" href="${escapeAttribute(row.image_url)}"${index === 0 ? ' fetchpriority="high"' : ''}>`,
      )
      .join('');
    if (this.changes.live && this.cache.size < 5000) this.cache.set(key, links);
    return links;
  }

  // The same order as products.list and blog.list; two products because a phone shows two cards per row.
  private query(pathname: string, hasQuery: boolean): { sql: string; params: number[] } | undefined {
    const found = findPage(pathname);
    const images = found?.page.images;
    if (!found || !images || !('catalogue' in images)) return undefined;
    switch (images.catalogue) {
      case 'shopProducts':
        if (hasQuery) return undefined;
        return {
          sql: 'select image_url from product where not archived order by featured desc, created_at desc, id desc limit 2',
          params: [],
        };
      case 'product': {
        // The same reading of the id as the client's router (a path it would not show gets no hint).
        const productId = parseProductId(found.params[0] ?? '');
        return productId === null ? undefined : { sql: 'select image_url from product where id = ? and not archived', params: [productId] };
      }
      case 'newestPost':
        return {
          sql: 'select image_url from blog_post where published order by published_at desc nulls last, created_at desc, id desc limit 1',
          params: [],
        };
    }
  }
}
