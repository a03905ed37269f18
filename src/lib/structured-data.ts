// schema.org data for search engines (docs/decisions.md D20), written into the head of the server's HTML by
// usePageMeta: a crawler reads it in the first HTML of each address it visits. Pages build it only while rendered
// on the server (`import.meta.env.SSR`, a constant of each build), so none of this code is in the browser's
// bundle. Typed with schema-dts: a property or type schema.org does not have is a compile error.
// A product's data is in product-structured-data.ts, so that the pages that show the workshop's address (Home,
// Contact) do not load the shipping rules it reads.
import type { BlogPosting, BreadcrumbList, Organization, Store, WithContext } from 'schema-dts';
import { DEFAULT_SOCIAL_IMAGE } from '../../server/domain/image-variants';
import { useOrigin } from './origin';
import type { StructuredData } from './page-meta';
import { trpc } from './trpc';

export const SHOP = 'Turnery';

export const absolute = (path: string, origin: string) => new URL(path, origin).toString();

export const shopOrganization = (origin: string): Organization => ({ '@type': 'Organization', name: SHOP, url: `${origin}/` });

export function breadcrumbs(origin: string, trail: { name: string; path: string }[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absolute(crumb.path, origin),
    })),
  };
}

interface PostFacts {
  title: string;
  slug: string;
  excerpt: string;
  imageUrl: string;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A post, written by the workshop (posts have no personal byline), with its dates. */
export function postStructuredData(post: PostFacts, origin: string): StructuredData[] {
  const url = absolute(`/blog/${post.slug}`, origin);
  const data: WithContext<BlogPosting> = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt,
    image: absolute(post.imageUrl, origin),
    datePublished: post.publishedAt ?? post.createdAt,
    dateModified: post.updatedAt,
    author: shopOrganization(origin),
    publisher: shopOrganization(origin),
    mainEntityOfPage: url,
    url,
  };
  const trail = [
    { name: 'Home', path: '/' },
    { name: 'From the Workshop', path: '/blog' },
    { name: post.title, path: `/blog/${post.slug}` },
  ];
  return [data, breadcrumbs(origin, trail)];
}

export interface ShopFacts {
  email: string;
  phone: string;
  address: { street: string; city: string; region: string; postalCode: string; country: string };
}

/** The workshop as a local business: its booth's address and how to reach it (from the shop's settings). */
export function storeStructuredData(shop: ShopFacts, origin: string): StructuredData[] {
  const data: WithContext<Store> = {
    '@context': 'https://schema.org',
    '@type': 'Store',
    name: SHOP,
    url: `${origin}/`,
    image: absolute(DEFAULT_SOCIAL_IMAGE, origin),
    email: shop.email,
    telephone: shop.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: shop.address.street,
      addressLocality: shop.address.city,
      addressRegion: shop.address.region,
      ...(shop.address.postalCode ? { postalCode: shop.address.postalCode } : {}),
      addressCountry: shop.address.country,
    },
  };
  return [data];
}

/** The workshop's business data, on the server, from the shop's details (its settings; the page's loader read them). */
export function useStoreStructuredData(): StructuredData[] | undefined {
  const info = trpc.shop.info.useQuery(undefined, { enabled: import.meta.env.SSR });
  const origin = useOrigin();
  return import.meta.env.SSR && info.data ? storeStructuredData(info.data, origin) : undefined;
}
