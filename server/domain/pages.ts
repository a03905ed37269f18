/**
 * Every page of the shop, once (docs/product.md section 2's route table). The client's router (src/router.tsx) makes a
 * route of each; the server reads the same list for what it does per page: render it or leave it to the browser
 * (server/http/page-renderer.ts), name its code and first pictures in the HTML (page-preloads.ts,
 * page-images.ts), and list it in the sitemap (seo.ts). Adding a page: a line here and its file in src/routes.
 */

/** The first pictures a page paints, named in its HTML so they load alongside the scripts. */
export type PageImages =
  /** Files every visit shows (Home's hero). */
  | { files: readonly string[] }
  /** Read from the catalogue for the address (server/http/page-images.ts). */
  | { catalogue: 'shopProducts' | 'product' | 'newestPost' };

/** What a page's loader starts fetching alongside its code (src/page-loaders.ts says how). */
export type PageDataName = 'featuredProducts' | 'shopProducts' | 'product' | 'posts' | 'post' | 'shopInfo' | 'sitePage';

export interface Page {
  /** The address, as TanStack Router writes it: `$name` is a parameter. */
  path: string;
  /** Its file in src/routes, without `.tsx`: the page's own chunk of the build. */
  file: string;
  /** `server`: the storefront, sent as HTML with its data; `client`: one visitor's page, drawn by the browser. */
  render: 'server' | 'client';
  /**
   * `index`: in the sitemap (a page with a parameter: one entry per product or published post); `skip`: not in
   * it; `disallow`: not in it, and robots.txt keeps crawlers out.
   */
  search: 'index' | 'skip' | 'disallow';
  sitemap?: 'products' | 'posts';
  /**
   * `admin`: drawn inside the admin's navigation (src/features/admin/AdminShell.tsx), which asks the server first
   * (D17) and stays mounted from section to section.
   */
  shell?: 'admin';
  data?: PageDataName;
  images?: PageImages;
}

export const PAGES = [
  { path: '/', file: 'home', render: 'server', search: 'index', data: 'featuredProducts', images: { files: ['/images/hero.svg'] } },
  { path: '/shop', file: 'shop', render: 'server', search: 'index', data: 'shopProducts', images: { catalogue: 'shopProducts' } },
  {
    path: '/product/$id',
    file: 'product',
    render: 'server',
    search: 'index',
    sitemap: 'products',
    data: 'product',
    images: { catalogue: 'product' },
  },
  { path: '/about', file: 'about', render: 'server', search: 'index' },
  { path: '/blog', file: 'blog', render: 'server', search: 'index', data: 'posts', images: { catalogue: 'newestPost' } },
  { path: '/blog/$post', file: 'blog-post', render: 'server', search: 'index', sitemap: 'posts', data: 'post' },
  { path: '/contact', file: 'contact', render: 'server', search: 'index', data: 'shopInfo' },
  { path: '/commission', file: 'commission', render: 'server', search: 'index' },
  // The owner's pages (server/domain/site-pages.ts): one file draws each, by its address.
  { path: '/privacy', file: 'site-page', render: 'server', search: 'index', data: 'sitePage' },
  { path: '/terms', file: 'site-page', render: 'server', search: 'index', data: 'sitePage' },
  { path: '/returns', file: 'site-page', render: 'server', search: 'index', data: 'sitePage' },
  { path: '/shipping', file: 'site-page', render: 'server', search: 'index', data: 'sitePage' },
  { path: '/accessibility', file: 'site-page', render: 'server', search: 'index', data: 'sitePage' },
  // The owner's admin: Home, each section of src/features/admin/sections.ts at /admin/<section>, one commission.
  { path: '/admin', file: 'admin', render: 'client', search: 'disallow', shell: 'admin' },
  { path: '/admin/$section', file: 'admin-section', render: 'client', search: 'disallow', shell: 'admin' },
  { path: '/admin/commissions/$id', file: 'admin-commission', render: 'client', search: 'disallow', shell: 'admin' },
  { path: '/admin-login', file: 'admin-login', render: 'client', search: 'disallow' },
  { path: '/admin/packing-slip/$id', file: 'packing-slip', render: 'client', search: 'disallow' },
  { path: '/checkout', file: 'checkout', render: 'client', search: 'skip' },
  { path: '/checkout/success', file: 'checkout-success', render: 'client', search: 'skip' },
  { path: '/checkout/cancel', file: 'checkout-cancel', render: 'client', search: 'skip' },
  { path: '/order-confirmation', file: 'order-confirmation', render: 'client', search: 'skip' },
  // The signed link in an order's emails: one customer's order, kept out of search engines.
  { path: '/orders/$token', file: 'order-status', render: 'client', search: 'disallow' },
  // The signed link in a commission's emails: one buyer's piece, its quote, payments and build log.
  { path: '/commissions/$token', file: 'commission-status', render: 'client', search: 'disallow' },
  // The signed link in a delivered order's email: that buyer's review of one piece (D37).
  { path: '/review/$token', file: 'review', render: 'client', search: 'disallow' },
  { path: '/newsletter/unsubscribe', file: 'newsletter-unsubscribe', render: 'client', search: 'skip' },
] as const satisfies readonly Page[];
