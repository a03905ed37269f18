// The newsletter module's front door: all that other modules and the server's other parts may import from it
// (docs/architecture.md; the lint refuses an import of any other file of the module).
export { newsletterRouter } from './newsletter.router';
export { newsletterAdminRouter } from './newsletter.admin.router';
export { unsubscribe } from './newsletter.service';
export { subscriberExportInput, subscribersForExport } from './subscribers.service';
export { ONE_CLICK_PATH } from './unsubscribe-headers';
