import { z } from 'zod';
import type { IProduct } from './product.entity';

// The product as it travels (SPEC.md section 3): money and weight as two-decimal strings (D2).
export const productOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: z.string(),
  imageUrl: z.string(),
  galleryImages: z.array(z.string()),
  inStock: z.boolean(),
  stockQuantity: z.number().int(),
  category: z.string(),
  dimensions: z.string(),
  weight: z.string(),
  material: z.string(),
  finish: z.string(),
  featured: z.boolean(),
  createdAt: z.string(),
});

export type ProductDto = z.infer<typeof productOutput>;

/** What a product card shows (and the cart needs): the shop page carries no more than this per product. */
export const cardOutput = productOutput.pick({
  id: true,
  name: true,
  price: true,
  imageUrl: true,
  inStock: true,
  stockQuantity: true,
  weight: true,
});

export type ProductCardDto = z.infer<typeof cardOutput>;

export const toCardDto = (product: ProductCardDto): ProductCardDto => ({
  id: product.id,
  name: product.name,
  price: product.price,
  imageUrl: product.imageUrl,
  inStock: product.inStock,
  stockQuantity: product.stockQuantity,
  weight: product.weight,
});

export function toProductDto(product: IProduct): ProductDto {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    price: product.price,
    imageUrl: product.imageUrl,
    galleryImages: product.galleryImages ?? [],
    inStock: product.inStock,
    stockQuantity: product.stockQuantity,
    category: product.category,
    dimensions: product.dimensions,
    weight: product.weight,
    material: product.material,
    finish: product.finish,
    featured: product.featured,
    createdAt: product.createdAt.toISOString(),
  };
}

/** The owner's view of a product: its low-stock alert level too (not shown to shoppers). */
export const adminProductOutput = productOutput.extend({ lowStockThreshold: z.number().int() });

export function toAdminProductDto(product: IProduct): z.infer<typeof adminProductOutput> {
  return { ...toProductDto(product), lowStockThreshold: product.lowStockThreshold };
}
