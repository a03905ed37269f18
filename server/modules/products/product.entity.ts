import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { ProductOption } from '../../domain/variant-input';

export const Product = defineEntity({
  name: 'Product',
  tableName: 'product',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(200),
    description: p.text(),
    // numeric(10,2), read as a string so no float ever touches a price (D2).
    price: p.decimal().precision(10).scale(2),
    imageUrl: p.string().length(500),
    // The column's default is the JSON text '[]'; MikroORM 7 puts a `default` on a new entity as it is, so a new
    // product is given the array itself (onCreate) rather than that text.
    galleryImages: p
      .json<string[]>()
      .default('[]')
      .onCreate(() => []),
    inStock: p.boolean().default(true),
    stockQuantity: p.integer().default(1),
    // The owner hears when a sale takes the stock to this or below (low stock).
    lowStockThreshold: p.integer().default(2),
    category: p.string().length(40).index(),
    dimensions: p.string().length(200),
    weight: p.decimal().precision(8).scale(2),
    material: p.string().length(200),
    finish: p.string().length(200),
    featured: p.boolean().default(false),
    // Its options (D38): up to three, each with its values; '[]' for SPEC's product, which has no variants. A product
    // with options sells only its variants (table product_variant, products/variants.ts); price, stockQuantity and
    // inStock are then their summary, kept by the database (migration 20261201100000), and maxPrice the highest.
    options: p
      .json<ProductOption[]>()
      .default('[]')
      .onCreate(() => []),
    maxPrice: p.decimal().precision(10).scale(2).nullable(),
    // Shipping added for each unit when it ships separately (oversize), in cents, even on an order that ships free;
    // null: none (migration 20261203140000).
    shippingSurcharge: p.integer().nullable(),
    // A product that has orders is archived instead of deleted (D18); archived products leave the shop.
    archived: p.boolean().default(false),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .index(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  indexes: [{ name: 'product_featured_idx', properties: ['featured', 'archived'] }],
});

export type IProduct = InferEntity<typeof Product>;
