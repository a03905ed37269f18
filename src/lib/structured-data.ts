// schema.org data for search engines (docs/decisions.md D20), written into the head of the server's HTML by
// usePageMeta: a crawler reads it in the first HTML of each address it visits. Pages build it only while rendered
// on the server (`import.meta.env.SSR`, a constant of each build), so none of this code is in the browser's
// bundle. Typed with schema-dts: a property or type schema.org does not have is a compile error.
import type { BlogPosting, BreadcrumbList, OfferShippingDetails, Organization, Product, Store, WithContext } from 'schema-dts';
import { categoryLabel, type Category } from '../../server/domain/categories';
import { DELIVERY_TIMES } from '../../server/domain/delivery-times';
import { DEFAULT_SOCIAL_IMAGE } from '../../server/domain/image-variants';
import { formatCents, toCents } from '../../server/domain/money';
import { zoneShippingCents } from '../../server/domain/sales-rules';
import { weightHundredths } from '../../server/domain/shipping';
import type { StateCode } from '../../server/domain/states';
import { isAvailable } from '../features/cart/stock';
import { useOrigin } from './origin';
import type { StructuredData } from './page-meta';
import { trpc } from './trpc';

const SHOP = 'Turnery';
/** Until the piece ships, as the product page says ('ships in 7-10 business days'); docs/product.md section 9's '30-day satisfaction guarantee'. */
const HANDLING_DAYS = DELIVERY_TIMES.shipsWithin;
const RETURN_DAYS = 30;

const absolute = (path: string, origin: string) => new URL(path, origin).toString();

const shopOrganization = (origin: string): Organization => ({ '@type': 'Organization', name: SHOP, url: `${origin}/` });

function breadcrumbs(origin: string, trail: { name: string; path: string }[]): WithContext<BreadcrumbList> {
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

interface ProductFacts {
  id: number;
  name: string;
  description: string;
  price: string;
  category: string;
  material: string;
  weight: string;
  inStock: boolean;
  stockQuantity: number;
  /** Its oversize surcharge, when it has one: part of what shipping it costs. */
  shippingSurcharge?: string;
}

/** A shipping zone as GET /api/shipping/zones answers it (D39): its states and rates. */
export interface ZoneFacts {
  states: StateCode[];
  baseRate: string;
  baseWeight: number;
  extraPerPound: string;
  freeFrom: string | null;
}

/** The variant a product's page shows (D38): what its offer sells. */
interface VariantFacts {
  id: number;
  title: string;
  price: string;
  weight: string;
  sku: string | null;
  inStock: boolean;
  stockQuantity: number;
}

/** A product's approved reviews (D37): their count and average, and the first page of them. */
interface ReviewFacts {
  count: number;
  average: string | null;
  reviews: { rating: number; title: string; body: string; authorName: string; createdAt: string }[];
}

/** Its rating and reviews, only when it has some: a rating of nothing would be invented. */
function ratingOf(reviews: ReviewFacts | undefined): Pick<Product, 'aggregateRating' | 'review'> {
  if (!reviews || reviews.count === 0 || reviews.average === null) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: reviews.average,
      reviewCount: reviews.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.reviews.map((review) => ({
      '@type': 'Review',
      name: review.title,
      reviewBody: review.body,
      datePublished: review.createdAt,
      author: { '@type': 'Person', name: review.authorName },
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}

/**
 * Where the piece ships and what shipping it alone costs there: one entry for each of the shop's zones (D39), with
 * the zone's states and its rate for the piece's weight and price, its oversize surcharge included.
 */
function shippingDetailsOf(
  zones: readonly ZoneFacts[],
  sold: { weight: string; price: string },
  surcharge?: string,
): OfferShippingDetails[] {
  return zones.map((zone) => {
    const cents = zoneShippingCents(
      {
        name: '',
        states: zone.states,
        baseCents: toCents(zone.baseRate),
        baseWeightHundredths: Math.round(zone.baseWeight * 100),
        extraLbCents: toCents(zone.extraPerPound),
        freeFromCents: zone.freeFrom === null ? null : toCents(zone.freeFrom),
      },
      { weightHundredths: weightHundredths(sold.weight), subtotalCents: toCents(sold.price), surchargeCents: toCents(surcharge ?? '0') },
    );
    return {
      '@type': 'OfferShippingDetails',
      shippingRate: { '@type': 'MonetaryAmount', value: formatCents(cents), currency: 'USD' },
      shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'US', addressRegion: zone.states },
      deliveryTime: {
        '@type': 'ShippingDeliveryTime',
        handlingTime: { '@type': 'QuantitativeValue', minValue: HANDLING_DAYS.min, maxValue: HANDLING_DAYS.max, unitCode: 'DAY' },
      },
    };
  });
}

/**
 * A product with its offer: price, stock, where it ships and what shipping it alone costs there (`zones`, the shop's
 * own, D39; none known or none at all: no shipping details), its return window. With `variant` (a product with
 * options), the offer is the variant's, at its own address; a product without options says exactly what it said
 * before variants. With `reviews` that hold any, its rating and first reviews.
 */
export function productStructuredData(
  product: ProductFacts,
  images: string[],
  origin: string,
  zones: readonly ZoneFacts[] | undefined,
  variant?: VariantFacts,
  reviews?: ReviewFacts,
): StructuredData[] {
  const url = absolute(`/product/${product.id}`, origin);
  const sold = variant ?? product;
  const shippingDetails = zones && zones.length > 0 ? shippingDetailsOf(zones, sold, product.shippingSurcharge) : [];
  const data: WithContext<Product> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    image: images.map((image) => absolute(image, origin)),
    // A variant's own code when the owner gave one; otherwise the product's id and the variant's, never another's.
    sku: variant ? (variant.sku ?? `${product.id}-${variant.id}`) : String(product.id),
    url,
    category: categoryLabel(product.category as Category),
    material: product.material,
    brand: { '@type': 'Brand', name: SHOP },
    weight: { '@type': 'QuantitativeValue', value: Number(sold.weight), unitCode: 'LBR' },
    ...ratingOf(reviews),
    offers: {
      '@type': 'Offer',
      url: variant ? `${url}?variant=${variant.id}` : url,
      ...(variant ? { name: variant.title } : {}),
      price: sold.price,
      priceCurrency: 'USD',
      itemCondition: 'https://schema.org/NewCondition',
      availability: isAvailable(sold) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      seller: shopOrganization(origin),
      // One zone (a new shop's): one entry, as before D39.
      ...(shippingDetails.length === 0 ? {} : { shippingDetails: shippingDetails.length === 1 ? shippingDetails[0] : shippingDetails }),
      hasMerchantReturnPolicy: {
        '@type': 'MerchantReturnPolicy',
        applicableCountry: 'US',
        returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        merchantReturnDays: RETURN_DAYS,
      },
    },
  };
  const trail = [
    { name: 'Home', path: '/' },
    { name: 'Shop', path: '/shop' },
    { name: product.name, path: `/product/${product.id}` },
  ];
  return [data, breadcrumbs(origin, trail)];
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
