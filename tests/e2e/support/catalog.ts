import type { APIRequestContext } from '@playwright/test';
import type { ProductJson } from '../../support/api-types';
import { insertProduct } from '../../support/fixtures';
import { e2eDatabaseUrl } from './database';

export async function shopProducts(request: APIRequestContext, query: Record<string, string> = {}): Promise<ProductJson[]> {
  const response = await request.get(`/api/products?${new URLSearchParams(query)}`);
  if (!response.ok()) throw new Error(`GET /api/products answered ${response.status()}`);
  return (await response.json()) as ProductJson[];
}

export const imagesOf = (product: ProductJson) => [...new Set([product.imageUrl, ...product.galleryImages])];

interface Fixture {
  name: string;
  galleryImages?: string[];
  inStock?: boolean;
  stockQuantity?: number;
}

/**
 * A shop product that fits the test: one from the catalogue when there is one (other specs change stock, so
 * the choice is made now), otherwise a product of our own put straight into the database.
 */
export async function ensureProduct(request: APIRequestContext, fits: (product: ProductJson) => boolean, fixture: Fixture) {
  const found = (await shopProducts(request)).find(fits);
  if (found) return found;
  const id = await insertProduct(e2eDatabaseUrl(), {
    name: fixture.name,
    description: 'Made for the storefront tests.',
    price: '38.00',
    imageUrl: fixture.galleryImages?.[0] ?? '/images/products/walnut-serving-bowl.svg',
    galleryImages: fixture.galleryImages,
    inStock: fixture.inStock,
    stock: fixture.stockQuantity ?? 10,
    dimensions: '6" x 3"',
    weight: '1.10',
    material: 'Black walnut',
    finish: 'Food-safe oil',
  });
  return (await (await request.get(`/api/products/${id}`)).json()) as ProductJson;
}

export const GALLERY = [
  '/images/products/walnut-serving-bowl.svg',
  '/images/products/walnut-serving-bowl-2.svg',
  '/images/products/walnut-serving-bowl-3.svg',
];
