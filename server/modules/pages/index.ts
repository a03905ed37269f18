// The pages module's front door: the pages every shop must have, written by the owner (issue 45). All that the
// server's other parts may import from it (docs/architecture.md; the lint refuses an import of any other file).
export { sitePagesAdminRouter } from './site-pages.admin.router';
export { sitePagesRouter } from './site-pages.router';
