// What other features use of the reviews (D37): the rating under a product's name, the stars, the words. The
// product page's reviews section (ProductReviews) is loaded lazily by its route, so it is not named here.
export { RatingSummary } from './RatingSummary';
export { Stars } from './Stars';
export { REVIEW_STATUS_LABELS, reviewCount, reviewDate, type ReviewStatus } from './review-text';
export type { AdminReview, Review } from './types';
