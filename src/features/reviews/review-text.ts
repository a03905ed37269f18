// The words and numbers the reviews show, the same on the product page, the review page and the owner's queue (D37).

export const reviewCount = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`;

export const starCount = (rating: number) => `${rating} ${rating === 1 ? 'star' : 'stars'}`;

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
