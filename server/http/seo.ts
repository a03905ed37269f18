import type { MikroORM } from '@mikro-orm/postgresql';
import express, { type Request, type Router } from 'express';
import type { Config } from '../config';
import { PAGES } from '../domain/pages';
import { publishedSlug, sitemapPosts } from '../modules/blog';
import { publicOrigin } from '../contract/public-origin';
import { sitemapProducts } from '../modules/products';

// The pages a search engine should know (docs/decisions.md D20), as server/domain/pages.ts marks them: the storefront,
// each product and published post; not the admin, checkout and order pages.
const indexed = PAGES.filter((page) => page.search === 'index');
const STOREFRONT_PATHS = indexed.filter((page) => !('sitemap' in page)).map((page) => page.path);
const PRODUCT_PAGE = indexed.find((page) => 'sitemap' in page && page.sitemap === 'products')!.path;
const POST_PAGE = indexed.find((page) => 'sitemap' in page && page.sitemap === 'posts')!.path;
// A page with a parameter is disallowed by its fixed part: '/orders/$token' -> '/orders/'.
const DISALLOWED = PAGES.filter((page) => page.search === 'disallow').map((page) => page.path.replace(/\$[^/]+$/, ''));

/** A page's address with its one parameter filled in. */
const address = (path: string, value: string) => path.replace(/\$[^/]+/, value);

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

const origin = (config: Config, req: Request) => publicOrigin({ config, req });

function urlEntry(loc: string, lastmod?: Date): string {
  const modified = lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : '';
  return `<url><loc>${escapeXml(loc)}</loc>${modified}</url>`;
}

/** GET /sitemap.xml and GET /robots.txt, mounted before the client's SPA fallback. */
export function seoRoutes(orm: MikroORM, config: Config): Router {
  const routes = express.Router();

  routes.get('/sitemap.xml', async (req, res, next) => {
    try {
      const em = orm.em.fork();
      const [products, posts] = await Promise.all([sitemapProducts(em), sitemapPosts(em)]);
      const base = origin(config, req);
      const entries = [
        ...STOREFRONT_PATHS.map((path) => urlEntry(`${base}${path}`)),
        ...products.map((product) => urlEntry(`${base}${address(PRODUCT_PAGE, String(product.id))}`, product.updatedAt)),
        ...posts.map((post) => urlEntry(`${base}${address(POST_PAGE, encodeURIComponent(post.slug))}`, post.updatedAt)),
      ];
      res
        .type('application/xml')
        .setHeader('Cache-Control', 'public, max-age=3600')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`,
        );
    } catch (error) {
      next(error);
    }
  });

  // A post has one address, its slug's: /blog/{id} (docs/product.md's links) moves there for good, query kept.
  routes.get('/blog/:post', async (req, res, next) => {
    const id = req.params.post;
    if (!/^\d{1,9}$/.test(id)) return next();
    try {
      const slug = await publishedSlug(orm.em.fork(), Number(id));
      if (!slug) return next();
      const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
      res.redirect(301, `/blog/${encodeURIComponent(slug)}${query}`);
    } catch (error) {
      next(error);
    }
  });

  routes.get('/robots.txt', (req, res) => {
    const disallow = DISALLOWED.map((path) => `Disallow: ${path}\n`).join('');
    res.type('text/plain').send(`User-agent: *\n${disallow}\nSitemap: ${origin(config, req)}/sitemap.xml\n`);
  });

  return routes;
}
