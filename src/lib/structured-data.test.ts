import { describe, expect, it } from 'vitest';
import { structuredDataJson } from './page-meta';
import { productStructuredData, type ZoneFacts } from './product-structured-data';
import { postStructuredData, storeStructuredData } from './structured-data';

const ORIGIN = 'https://shop.example';
const product = {
  id: 12,
  name: 'Cherry Yarn Bowl',
  description: 'A bowl.',
  price: '45.00',
  category: 'yarn-bowls',
  material: 'Cherry',
  weight: '3.20',
  inStock: true,
  stockQuantity: 3,
};

// A new shop's one zone (D39): SPEC's six states at D5's rates.
const ZONES = [
  { states: ['GA', 'NC', 'SC', 'TN', 'FL', 'AL'], baseRate: '6.95', baseWeight: 2, extraPerPound: '1.25', freeFrom: '75.00' },
] satisfies ZoneFacts[];
const NORTHWEST = { states: ['OR', 'WA'], baseRate: '12.00', baseWeight: 1, extraPerPound: '3.00', freeFrom: null } satisfies ZoneFacts;

describe('productStructuredData', () => {
  it('offers the product in USD with what shipping it alone costs, where it ships and its return window', () => {
    const [data, trail] = productStructuredData(product, ['/images/a.svg'], ORIGIN, ZONES);
    expect(data).toMatchObject({
      '@type': 'Product',
      image: ['https://shop.example/images/a.svg'],
      category: 'Yarn Bowls',
      offers: {
        price: '45.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        // D5: $6.95 for the first 2 lb + $1.25 for each further lb or part: 3.2 lb -> 6.95 + 2 x 1.25.
        shippingDetails: {
          shippingRate: { value: '9.45', currency: 'USD' },
          shippingDestination: { addressCountry: 'US', addressRegion: ['GA', 'NC', 'SC', 'TN', 'FL', 'AL'] },
          deliveryTime: { handlingTime: { minValue: 7, maxValue: 10, unitCode: 'DAY' } },
        },
        hasMerchantReturnPolicy: { merchantReturnDays: 30, applicableCountry: 'US' },
      },
    });
    expect(trail).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, item: 'https://shop.example/' },
        { position: 2, item: 'https://shop.example/shop' },
        { position: 3, name: 'Cherry Yarn Bowl', item: 'https://shop.example/product/12' },
      ],
    });
  });

  it("names each of the shop's zones with its states and its rate for the piece, a newly opened one too", () => {
    const [data] = productStructuredData(product, [], ORIGIN, [...ZONES, NORTHWEST]);
    expect(data).toMatchObject({
      offers: {
        shippingDetails: [
          { shippingRate: { value: '9.45' }, shippingDestination: { addressRegion: ['GA', 'NC', 'SC', 'TN', 'FL', 'AL'] } },
          // 3.2 lb: $12.00 for the first pound and three more at $3.00.
          { shippingRate: { value: '21.00' }, shippingDestination: { addressCountry: 'US', addressRegion: ['OR', 'WA'] } },
        ],
      },
    });
  });

  it('adds an oversize surcharge to its shipping, even where it would ship free, and names no shipping when none is known', () => {
    const [data] = productStructuredData({ ...product, price: '80.00', shippingSurcharge: '25.00' }, [], ORIGIN, ZONES);
    expect(data).toMatchObject({ offers: { shippingDetails: { shippingRate: { value: '25.00' } } } });
    for (const zones of [undefined, []]) {
      expect((productStructuredData(product, [], ORIGIN, zones)[0] as { offers: object }).offers).not.toHaveProperty('shippingDetails');
    }
  });

  it('ships free at $75 and says OutOfStock when none is left', () => {
    const [data] = productStructuredData({ ...product, price: '80.00', stockQuantity: 0 }, [], ORIGIN, ZONES);
    expect(data).toMatchObject({
      offers: { availability: 'https://schema.org/OutOfStock', shippingDetails: { shippingRate: { value: '0.00' } } },
    });
  });
});

describe('productStructuredData with reviews (D37)', () => {
  const review = {
    rating: 5,
    title: 'Holds a skein',
    body: 'Smooth slot.',
    authorName: 'Margaret H.',
    createdAt: '2026-11-24T15:04:05.000Z',
  };

  it('rates the product by its approved reviews and names the first of them', () => {
    const [data] = productStructuredData(product, [], ORIGIN, ZONES, undefined, { count: 3, average: '4.7', reviews: [review] });
    expect(data).toMatchObject({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.7', reviewCount: 3, bestRating: 5 },
      review: [
        {
          '@type': 'Review',
          name: 'Holds a skein',
          reviewBody: 'Smooth slot.',
          datePublished: '2026-11-24T15:04:05.000Z',
          author: { '@type': 'Person', name: 'Margaret H.' },
          reviewRating: { '@type': 'Rating', ratingValue: 5 },
        },
      ],
    });
  });

  it('says nothing of a rating when there are no reviews', () => {
    const [data] = productStructuredData(product, [], ORIGIN, ZONES, undefined, { count: 0, average: null, reviews: [] });
    expect(data).not.toHaveProperty('aggregateRating');
    expect(data).not.toHaveProperty('review');
  });
});

describe('productStructuredData of a variant (D38)', () => {
  const variant = { id: 31, title: 'Walnut / Large', price: '78.00', weight: '1.60', sku: 'YB-WAL-L', inStock: false, stockQuantity: 0 };

  it('offers the chosen variant at its own address, price, stock and code', () => {
    const [data] = productStructuredData(product, [], ORIGIN, ZONES, variant);
    expect(data).toMatchObject({
      sku: 'YB-WAL-L',
      url: 'https://shop.example/product/12',
      weight: { value: 1.6 },
      offers: {
        url: 'https://shop.example/product/12?variant=31',
        name: 'Walnut / Large',
        price: '78.00',
        availability: 'https://schema.org/OutOfStock',
        // Free shipping from $75 (D5), on the variant's price, not the product's lowest.
        shippingDetails: { shippingRate: { value: '0.00' } },
      },
    });
    expect(productStructuredData(product, [], ORIGIN, ZONES, { ...variant, sku: null })[0]).toMatchObject({ sku: '12-31' });
  });

  it('says of a product without options what it said before variants, key for key', () => {
    const data = productStructuredData(product, ['/images/a.svg'], ORIGIN, ZONES)[0] as unknown as { offers: object; sku: string };
    expect(data.sku).toBe('12');
    expect(Object.keys(data)).toEqual([
      '@context',
      '@type',
      'name',
      'description',
      'image',
      'sku',
      'url',
      'category',
      'material',
      'brand',
      'weight',
      'offers',
    ]);
    expect(Object.keys(data.offers)).toEqual([
      '@type',
      'url',
      'price',
      'priceCurrency',
      'itemCondition',
      'availability',
      'seller',
      'shippingDetails',
      'hasMerchantReturnPolicy',
    ]);
  });
});

describe('postStructuredData', () => {
  it('names the workshop as author and gives both dates', () => {
    const post = {
      title: 'From Log to Lathe',
      slug: 'from-log-to-lathe',
      excerpt: 'How a bowl starts.',
      imageUrl: '/images/blog/from-log-to-lathe.svg',
      publishedAt: '2026-01-02T10:00:00.000Z',
      createdAt: '2026-01-01T10:00:00.000Z',
      updatedAt: '2026-02-01T10:00:00.000Z',
    };
    const [data] = postStructuredData(post, ORIGIN);
    expect(data).toMatchObject({
      '@type': 'BlogPosting',
      author: { '@type': 'Organization', name: 'Turnery' },
      datePublished: '2026-01-02T10:00:00.000Z',
      dateModified: '2026-02-01T10:00:00.000Z',
      url: 'https://shop.example/blog/from-log-to-lathe',
    });
  });
});

describe('storeStructuredData', () => {
  it("gives the booth's postal address, leaving out an empty postal code", () => {
    const [data] = storeStructuredData(
      { email: 'a@b.example', phone: '1', address: { street: 'Booth 1', city: 'Athens', region: 'GA', postalCode: '', country: 'US' } },
      ORIGIN,
    );
    expect(data).toMatchObject({ '@type': 'Store', address: { addressLocality: 'Athens', addressRegion: 'GA', addressCountry: 'US' } });
    expect(JSON.stringify(data)).not.toContain('postalCode');
  });
});

describe('structuredDataJson', () => {
  it('cannot be closed early by a text holding </script>', () => {
    const [data] = productStructuredData({ ...product, name: '</script><script>alert(1)</script>' }, [], ORIGIN, ZONES);
    expect(structuredDataJson([data!])).not.toContain('</script>');
  });
});
