import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CommissionsBadge, MessagesBadge, ReviewsBadge } from './shell/NavBadges';

/** The navigation's groups, in order, as Shopify's admin groups its sections. Home (/admin) comes before them. */
export const SECTION_GROUPS = ['Sales', 'Catalogue', 'Content', 'Customers', 'Settings'] as const;

export interface AdminSection {
  /** The link's text (its accessible name begins with it). */
  name: string;
  group: (typeof SECTION_GROUPS)[number];
  /** Its address: /admin/<path> (the page /admin/$section of server/domain/pages.ts). */
  path: string;
  /** The section itself, its own chunk: loaded when the owner first opens it (or hovers its link). */
  component: LazyExoticComponent<ComponentType>;
  /** A count beside the link (what waits for the owner), rendered only once the server said this is the admin. */
  badge?: ComponentType;
}

/** A section's component, loaded on first use: `file` exports it as `name`. */
const lazySection = <K extends string>(file: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => file().then((module) => ({ default: module[name] })));

// Every section of the admin, in the navigation's order within its group; a new section is one line here. Each
// section draws its own level-one heading.
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { name: 'Orders', group: 'Sales', path: 'orders', component: lazySection(() => import('./orders/OrdersTab'), 'OrdersTab') },
  {
    name: 'Commissions',
    group: 'Sales',
    path: 'commissions',
    component: lazySection(() => import('./commissions/CommissionsTab'), 'CommissionsTab'),
    badge: CommissionsBadge,
  },
  {
    name: 'Discounts',
    group: 'Sales',
    path: 'discounts',
    component: lazySection(() => import('./discounts/DiscountsSection'), 'DiscountsSection'),
  },
  {
    name: 'Analytics',
    group: 'Sales',
    path: 'analytics',
    component: lazySection(() => import('./analytics/AnalyticsTab'), 'AnalyticsTab'),
  },
  { name: 'Products', group: 'Catalogue', path: 'products', component: lazySection(() => import('./products/ProductsTab'), 'ProductsTab') },
  {
    name: 'Reviews',
    group: 'Catalogue',
    path: 'reviews',
    component: lazySection(() => import('./reviews/ReviewsSection'), 'ReviewsSection'),
    badge: ReviewsBadge,
  },
  { name: 'Blog', group: 'Content', path: 'blog', component: lazySection(() => import('./blog/BlogTab'), 'BlogTab') },
  { name: 'Pages', group: 'Content', path: 'pages', component: lazySection(() => import('./pages/PagesSection'), 'PagesSection') },
  {
    name: 'Messages',
    group: 'Customers',
    path: 'messages',
    component: lazySection(() => import('./contacts/ContactsTab'), 'ContactsTab'),
    badge: MessagesBadge,
  },
  {
    name: 'Newsletter',
    group: 'Customers',
    path: 'newsletter',
    component: lazySection(() => import('./newsletter/NewsletterSection'), 'NewsletterSection'),
  },
  {
    name: 'Shipping & tax',
    group: 'Settings',
    path: 'shipping',
    component: lazySection(() => import('./shipping/ShippingSection'), 'ShippingSection'),
  },
  { name: 'Account', group: 'Settings', path: 'account', component: lazySection(() => import('./account/AccountTab'), 'AccountTab') },
  { name: 'API tokens', group: 'Settings', path: 'tokens', component: lazySection(() => import('./tokens/ApiTokensTab'), 'ApiTokensTab') },
  { name: 'Webhooks', group: 'Settings', path: 'webhooks', component: lazySection(() => import('./webhooks/WebhooksTab'), 'WebhooksTab') },
  { name: 'Emails', group: 'Settings', path: 'emails', component: lazySection(() => import('./emails/EmailsTab'), 'EmailsTab') },
];

/** The section at /admin/<path>, or undefined (the not-found page). */
export const findSection = (path: string): AdminSection | undefined => ADMIN_SECTIONS.find((section) => section.path === path);
