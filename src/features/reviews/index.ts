// What other features use of the reviews (D37): the rating under a product's name, the stars, a review's date and
// types. The product page's reviews section (ProductReviews) is loaded lazily by its route, so it is not named here.
export { RatingSummary } from './RatingSummary';
export { Stars } from './Stars';
export { reviewDate, type ReviewStatus } from './review-text';
export type { AdminReview } from './types';
