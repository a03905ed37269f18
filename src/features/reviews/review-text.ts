// The words and numbers the reviews show, the same on the product page, the review page and the owner's queue (D37).

/** The product page asks for reviews five at a time; the loader and the page must ask alike to share the cache. */
export const REVIEWS_PAGE_SIZE = 5;

/** The first page of a product's approved reviews: what the server renders into the product page's HTML. */
export const firstReviewsPage = (productId: number) => ({ productId, page: 1, pageSize: REVIEWS_PAGE_SIZE });

export const reviewCount = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`;

export const starCount = (rating: number) => `${rating} ${rating === 1 ? 'star' : 'stars'}`;

/** What a screen reader hears for a product's stars: 'Rated 4.7 out of 5, 3 reviews', or 'No reviews yet'. */
export function ratingPhrase(average: string | null, count: number): string {
  return average === null || count === 0 ? 'No reviews yet' : `Rated ${average} out of 5, ${reviewCount(count)}`;
}

/** How much of the row of five stars is gold for a rating such as 4.7: '94%'. */
export const goldWidth = (rating: number) => `${Math.round((Math.min(5, Math.max(0, rating)) / 5) * 1000) / 10}%`;

// In UTC: the server's HTML and the browser's first render must say the same day.
const DAY = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** 'November 28, 2026'. */
export const reviewDate = (iso: string) => DAY.format(new Date(iso));

export type ReviewStatus = 'pending' | 'approved' | 'hidden';

/** Where a review stands, in its author's words. */
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: 'Waiting for the shop to read it',
  approved: 'Published in the shop',
  hidden: 'Not shown in the shop',
};
