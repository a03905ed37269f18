import { useEffect } from 'react';
import { isAvailable } from '../cart';
import type { Product } from './types';

/** schema.org Product data for search engines (DECISIONS.md D20). */
export function productJsonLd(product: Product, images: string[], origin: string) {
  const url = `${origin}/product/${product.id}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    image: images.map((image) => new URL(image, origin).toString()),
    sku: String(product.id),
    url,
    material: product.material,
    brand: { '@type': 'Brand', name: 'Turnery' },
    offers: {
      '@type': 'Offer',
      url,
      price: product.price,
      priceCurrency: 'USD',
      availability: isAvailable(product) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
}

/** Puts the product's JSON-LD and Open Graph price tags into the head while the page is shown. */
export function useProductSeo(product: Product | undefined, images: string[]) {
  useEffect(() => {
    if (!product) return;
    const script = document.createElement('script');
    // A data block, not a script: the CSP allows it, and '<' is escaped so no text can close the tag.
    script.type = 'application/ld+json';
    script.textContent = JSON.stringify(productJsonLd(product, images, window.location.origin)).replace(/</g, '\\u003c');
    const metas = [
      ['product:price:amount', product.price],
      ['product:price:currency', 'USD'],
      ['og:url', `${window.location.origin}/product/${product.id}`],
    ].map(([property, content]) => {
      const meta = document.createElement('meta');
      meta.setAttribute('property', property!);
      meta.content = content!;
      return meta;
    });
    document.head.append(script, ...metas);
    return () => [script, ...metas].forEach((element) => element.remove());
  }, [product, images]);
}
