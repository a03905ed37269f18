// The reviews module's front door: all that other modules and the server's other parts may import from it
// (docs/architecture.md; the lint refuses an import of any other file of the module).
export { reviewsAdminRouter } from './reviews.admin.router';
export { reviewsRouter } from './reviews.router';
export { reviewLinkIsLive } from './review-links';
