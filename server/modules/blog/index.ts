// The blog module's front door: all that other modules and the server's other parts may import from it
// (docs/architecture.md; the lint refuses an import of any other file of the module).
export { renderPostContent } from './blog-markdown';
export { blogAdminRouter } from './blog.admin.router';
export { blogRouter } from './blog.router';
export { newestPostImage, publishedSlug, sitemapPosts } from './blog.service';
