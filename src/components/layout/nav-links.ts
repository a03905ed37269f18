import { SITE_PAGES } from '../../../server/domain/site-pages';

export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/shop', label: 'Shop' },
  { to: '/about', label: 'About' },
  { to: '/blog', label: 'Blog' },
  { to: '/contact', label: 'Contact' },
] as const;

/** Made-to-order work (issue 45): after docs/product.md's five links, in the bar, the phone's menu and the footer. */
export const CUSTOM_ORDERS_LINK = { to: '/commission', label: 'Custom Orders' } as const;

/** The owner's pages (server/domain/site-pages.ts), in the footer. */
export const POLICY_LINKS = SITE_PAGES.map((page) => ({ to: `/${page.slug}` as const, label: page.label }));
