// Read by the product page's loader, which every page's first code holds (vite.config.ts's shared chunk): nothing more.

/** The product page asks for reviews five at a time; the loader and the page must ask alike to share the cache. */
export const REVIEWS_PAGE_SIZE = 5;

/** The first page of a product's approved reviews: what the server renders into the product page's HTML. */
export const firstReviewsPage = (productId: number) => ({ productId, page: 1, pageSize: REVIEWS_PAGE_SIZE });
