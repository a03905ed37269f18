import { describe, expect, it } from 'vitest';
import { productJsonLd } from './product-seo';
import { productImages } from './ProductGallery';
import type { Product } from './types';

const product: Product = {
  id: 12,
  name: 'Cherry Yarn Bowl',
  description: 'A bowl.',
  price: '45.00',
  imageUrl: '/images/a.svg',
  galleryImages: ['/images/a.svg', '/images/b.svg'],
  inStock: true,
  stockQuantity: 3,
  category: 'yarn-bowls',
  dimensions: '6"',
  weight: '1.20',
  material: 'Cherry',
  finish: 'Oil',
  featured: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('productImages', () => {
  it('puts the main image first and lists each image once', () => {
    expect(productImages(product)).toEqual(['/images/a.svg', '/images/b.svg']);
    expect(productImages({ imageUrl: '/x.svg', galleryImages: [] })).toEqual(['/x.svg']);
  });
});

describe('productJsonLd', () => {
  it('describes the product with absolute images, price in USD and availability', () => {
    const data = productJsonLd(product, productImages(product), 'https://shop.example');
    expect(data).toMatchObject({
      '@type': 'Product',
      name: 'Cherry Yarn Bowl',
      image: ['https://shop.example/images/a.svg', 'https://shop.example/images/b.svg'],
      offers: { price: '45.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
  });

  it('says OutOfStock when the product cannot be bought', () => {
    const data = productJsonLd({ ...product, inStock: false, stockQuantity: 0 }, ['/a.svg'], 'https://shop.example');
    expect(data.offers.availability).toBe('https://schema.org/OutOfStock');
  });
});
