import type { APIRequestContext } from '@playwright/test';
import { withE2eDatabase } from './database';

export interface ApiProduct {
  id: number;
  name: string;
  price: string;
  imageUrl: string;
  galleryImages: string[];
  inStock: boolean;
  stockQuantity: number;
  category: string;
}

export async function shopProducts(request: APIRequestContext, query: Record<string, string> = {}): Promise<ApiProduct[]> {
  const response = await request.get(`/api/products?${new URLSearchParams(query)}`);
  if (!response.ok()) throw new Error(`GET /api/products answered ${response.status()}`);
  return (await response.json()) as ApiProduct[];
}

export const imagesOf = (product: ApiProduct) => [...new Set([product.imageUrl, ...product.galleryImages])];

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
export async function ensureProduct(request: APIRequestContext, fits: (product: ApiProduct) => boolean, fixture: Fixture) {
  const found = (await shopProducts(request)).find(fits);
  if (found) return found;
  const id = await withE2eDatabase(async (db) => {
    const { rows } = await db.query<{ id: number }>(
      `insert into product (name, description, price, image_url, gallery_images, in_stock, stock_quantity, category,
         dimensions, weight, material, finish, featured, archived, created_at, updated_at)
       values ($1, 'Made for the storefront tests.', '38.00', $2, $3, $4, $5, 'accessories', '6" x 3"', '1.10',
         'Black walnut', 'Food-safe oil', false, false, now(), now())
       returning id`,
      [
        fixture.name,
        fixture.galleryImages?.[0] ?? '/images/products/walnut-serving-bowl.svg',
        JSON.stringify(fixture.galleryImages ?? []),
        fixture.inStock ?? true,
        fixture.stockQuantity ?? 10,
      ],
    );
    return rows[0]!.id;
  });
  return (await (await request.get(`/api/products/${id}`)).json()) as ApiProduct;
}

export const GALLERY = [
  '/images/products/walnut-serving-bowl.svg',
  '/images/products/walnut-serving-bowl-2.svg',
  '/images/products/walnut-serving-bowl-3.svg',
];
