import type { EntityManager } from '@mikro-orm/postgresql';
import type { CatalogChanges } from '../cache/catalog-changes';
import { IMAGE_SIZES } from '../domain/image-sizes';
import { uploadSrcSet } from '../domain/image-variants';
import { findPage } from '../domain/page-addresses';
import { parseProductId } from '../domain/product-id';
import { newestPostImage } from '../modules/blog';
import { productImage, shopFirstImages } from '../modules/products';

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The pictures a storefront page paints first (its largest paint on a phone), read from the catalogue as its entry
 * in server/domain/pages.ts says: the first products of the shop, a product's photo, the newest post's picture.
 * Named in the page's HTML as preloads, they download alongside the app's JavaScript instead of after it has run
 * and fetched the data. Answers are kept until the catalogue changes (CatalogChanges); without the database, a
 * page simply has no hints.
 */
export class PageImages {
  private readonly cache = new Map<string, string>();

  constructor(
    private readonly em: EntityManager,
    private readonly changes: CatalogChanges,
  ) {
    changes.on('change', () => this.cache.clear());
  }

  /**
   * `<link rel="preload">` tags for the page at `pathname` with its `query` (which changes what the shop shows: no
   * hints then; on a product's page `variant` names the variant it opens with, D38).
   */
  async links(pathname: string, query: Record<string, unknown>): Promise<string> {
    const source = this.source(pathname, query);
    if (!source) return '';
    const cached = this.changes.live ? this.cache.get(source.key) : undefined;
    if (cached !== undefined) return cached;
    const images = await source.read(this.em.fork()).catch(() => undefined);
    if (!images) return '';
    const links = images.map((url, index) => preload(url, source.sizes, index === 0)).join('');
    if (this.changes.live && this.cache.size < 5000) this.cache.set(source.key, links);
    return links;
  }

  /** Where the page's pictures come from, as its entry in server/domain/pages.ts says. */
  private source(
    pathname: string,
    query: Record<string, unknown>,
  ): { key: string; sizes: string; read: (em: EntityManager) => Promise<string[]> } | undefined {
    const found = findPage(pathname);
    const images = found?.page.images;
    if (!found || !images || !('catalogue' in images)) return undefined;
    switch (images.catalogue) {
      case 'shopProducts':
        return Object.keys(query).length > 0 ? undefined : { key: 'shop', sizes: IMAGE_SIZES.shopCard, read: shopFirstImages };
      case 'product': {
        // The same reading of the id as the client's router (a path it would not show gets no hint).
        const id = parseProductId(found.params[0] ?? '');
        if (id === null) return undefined;
        // The variant the page opens with (the client's startingVariant); an address that is no id names none.
        const variant = typeof query.variant === 'string' ? parseProductId(query.variant) : null;
        return {
          key: `product:${id}:${variant ?? ''}`,
          sizes: IMAGE_SIZES.productMain,
          read: (em) => productImage(em, id, variant ?? undefined),
        };
      }
      case 'newestPost':
        return { key: 'blog', sizes: IMAGE_SIZES.postCard, read: newestPostImage };
    }
  }
}

/**
 * A picture's preload. An upload is shown from its AVIF copies (src/components/Picture.tsx), so that is what is
 * preloaded, at the width the page lays it out: preloading the stored JPEG would download the picture twice.
 */
function preload(url: string, sizes: string, first: boolean): string {
  const priority = first ? ' fetchpriority="high"' : '';
  const srcset = uploadSrcSet(url, 'avif');
  const responsive = srcset ? ` type="image/avif" imagesrcset="${escapeAttribute(srcset)}" imagesizes="${escapeAttribute(sizes)}"` : '';
  return `<link rel="preload" as="image" href="${escapeAttribute(url)}"${responsive}${priority}>`;
}
