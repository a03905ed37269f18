import type { shopQueryInput } from '../features/catalog/shop-search';

/**
 * The queries route loaders start: in the browser tRPC's query utils (over HTTP), on the server tRPC's
 * server-side helpers (the procedures called directly). Both fill the page's query cache under the same keys.
 */
export interface PageData {
  products: {
    featured: { prefetch(): Promise<void> };
    byId: { prefetch(input: { id: number }): Promise<void> };
    shopPage: { prefetch(input: ReturnType<typeof shopQueryInput>): Promise<void> };
  };
  shop: { info: { prefetch(): Promise<void> } };
  shipping: { zones: { prefetch(): Promise<void> } };
  pages: { bySlug: { prefetch(input: { slug: string }): Promise<void> } };
  reviews: { forProduct: { prefetch(input: { productId: number; page: number; pageSize: number }): Promise<void> } };
  blog: {
    list: { prefetch(): Promise<void> };
    byIdOrSlug: { prefetch(input: { id: string }): Promise<void> };
  };
}

/**
 * How a loader runs its queries: the browser only starts them (the page shows its own loading state and the
 * route's code need not wait); the server waits, so the HTML it sends already holds the data.
 */
export type LoadPageData = (start: (data: PageData) => Promise<void>) => Promise<void> | void;
