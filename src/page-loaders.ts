import type { Page, PageDataName } from '../server/domain/pages';
import { parseProductId } from '../server/domain/product-id';
import { sitePageSlugOf } from '../server/domain/site-pages';
import { parseProductSearch } from './features/catalog/product-search';
import { parseShopSearch, shopQueryInput, type ShopSearch } from './features/catalog/shop-search';
import { firstReviewsPage } from './features/reviews/first-page';
import type { LoadPageData } from './lib/page-data';

interface LoaderContext {
  context: { loadData: LoadPageData };
}

// What each kind of page data starts: a page's main query alongside its code (and on a link's hover) instead of
// after the page has rendered. In the browser they do not wait for it: the page still shows its own loading and
// error states. On the server they do, so the first HTML holds the page's data.
const PAGE_LOADERS = {
  none: {},
  // Home: the featured products, and on the server the shop's address for its business data (search engines).
  featuredProducts: {
    loader: ({ context }: LoaderContext) =>
      context.loadData((data) =>
        import.meta.env.SSR
          ? Promise.all([data.products.featured.prefetch(), data.shop.info.prefetch()]).then(() => undefined)
          : data.products.featured.prefetch(),
      ),
  },
  // The shop's filters live in the URL (search, category, sort), so a filtered view can be shared.
  shopProducts: {
    loaderDeps: ({ search }: { search: ShopSearch }) => search,
    loader: ({ context, deps }: LoaderContext & { deps: ShopSearch }) =>
      context.loadData((data) => data.products.shopPage.prefetch(shopQueryInput(deps))),
  },
  // A product and its first reviews (D37), so the server's HTML holds both; on the server also where the shop ships
  // (D39), for the product's data for search engines.
  product: {
    loader: ({ context, params }: LoaderContext & { params: { id: string } }) => {
      const id = parseProductId(params.id);
      if (id !== null)
        return context.loadData((data) =>
          Promise.all([
            data.products.byId.prefetch({ id }),
            data.reviews.forProduct.prefetch(firstReviewsPage(id)),
            import.meta.env.SSR ? data.shipping.zones.prefetch() : undefined,
          ]).then(() => undefined),
        );
    },
  },
  posts: {
    loader: ({ context }: LoaderContext) => context.loadData((data) => data.blog.list.prefetch()),
  },
  post: {
    loader: ({ context, params }: LoaderContext & { params: { post: string } }) =>
      context.loadData((data) => data.blog.byIdOrSlug.prefetch({ id: params.post })),
  },
  shopInfo: {
    loader: ({ context }: LoaderContext) => context.loadData((data) => data.shop.info.prefetch()),
  },
  // The owner's pages share one route file; the address names the page.
  sitePage: {
    loader: ({ context, location }: LoaderContext & { location: { pathname: string } }) => {
      const slug = sitePageSlugOf(location.pathname);
      if (slug) return context.loadData((data) => data.pages.bySlug.prefetch({ slug }));
    },
  },
} satisfies Record<PageDataName | 'none', object>;

/** The route options that load a page's data (typed here, so the route's own type need not carry them). */
export const loaderOf = (page: Page): object => PAGE_LOADERS[page.data ?? 'none'];

export type SearchValidator = ((search: Record<string, unknown>) => object) | undefined;

/** The shop keeps its filters in the address, a product its chosen variant (D38); other pages read no search. */
export const searchOf = (page: Page): SearchValidator =>
  page.data === 'shopProducts' ? parseShopSearch : page.data === 'product' ? parseProductSearch : undefined;

export type SearchOf<P extends Page> = P extends { data: 'shopProducts' }
  ? typeof parseShopSearch
  : P extends { data: 'product' }
    ? typeof parseProductSearch
    : undefined;
