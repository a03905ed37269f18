// A product's schema.org data (docs/decisions.md D20): its offer, where it ships and at what rate (the shop's zones,
// D39), its return window and its real reviews (D37). Only the product page imports it.
import type { OfferShippingDetails, Product, WithContext } from 'schema-dts';
import { categoryLabel, type Category } from '../../server/domain/categories';
import { DELIVERY_TIMES } from '../../server/domain/delivery-times';
import { formatCents, toCents } from '../../server/domain/money';
import { zoneShippingCents } from '../../server/domain/sales-rules';
import { weightHundredths } from '../../server/domain/shipping';
import type { StateCode } from '../../server/domain/states';
import { isAvailable } from '../features/cart/stock';
import type { StructuredData } from './page-meta';
import { absolute, breadcrumbs, SHOP, shopOrganization } from './structured-data';

/** Until the piece ships, as the product page says ('ships in 7-10 business days'); docs/product.md section 9's '30-day satisfaction guarantee'. */
const HANDLING_DAYS = DELIVERY_TIMES.shipsWithin;
const RETURN_DAYS = 30;

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
