import type { SqlSource } from '../../db/sql';
import { variantTitle } from '../../domain/variant-input';
import { AppError } from '../../trpc/errors';
import { productsForPricing, variantsForPricing } from '../products';
import type { QuoteLine } from './commission.entity';
import { fieldError } from './commission-moves';

// A quote line may name a piece of the shop (D38): a product, and for a product with options one of its variants.
// The line is then that piece, made to order: a commission takes no stock (its order has no product lines), so a
// piece sold out in the shop may still be quoted. The rules are the checkout's (checkout/pricing.ts soldVariant).

type Piece = Pick<QuoteLine, 'productId' | 'variantId' | 'variant'>;

/**
 * What each line names of the shop, checked: {} for a line of free text, else its productId and, for a product with
 * options, its variantId and the variant's title as quoted. 400 VALIDATION_FAILED naming `lines.N.productId` for a
 * product not in the shop (unknown or archived), `lines.N.variantId` for a variant the owner switched off;
 * VARIANT_REQUIRED for a product with options and no variant; VARIANT_UNKNOWN for a variant not the product's.
 */
export async function quotePieces(db: SqlSource, lines: readonly { productId?: number; variantId?: number }[]): Promise<Piece[]> {
  const productIds = [...new Set(lines.flatMap((line) => (line.productId === undefined ? [] : [line.productId])))];
  if (productIds.length === 0) return lines.map(() => ({}));
  const variantIds = lines.flatMap((line) => (line.variantId === undefined ? [] : [line.variantId]));
  const [products, variants] = await Promise.all([productsForPricing(db, productIds), variantsForPricing(db, variantIds)]);
  const productsById = new Map(products.map((product) => [product.id, product]));
  const variantsById = new Map(variants.map((variant) => [variant.id, variant]));
  return lines.map((line, index) => {
    if (line.productId === undefined) return {};
    const product = productsById.get(line.productId);
    if (!product || product.archived) throw fieldError(['lines', index, 'productId'], `${line.productId} is not a product of the shop`);
    const field = `lines.${index}.variantId`;
    if (line.variantId === undefined) {
      if (!product.hasOptions) return { productId: product.id };
      throw new AppError('VARIANT_REQUIRED', `${field}: ${product.name} comes in variants: name one`, { field });
    }
    const variant = variantsById.get(line.variantId);
    if (!product.hasOptions || !variant || variant.productId !== product.id) {
      throw new AppError('VARIANT_UNKNOWN', `${field}: ${line.variantId} is not a variant of ${product.name}`, { field });
    }
    if (!variant.enabled)
      throw fieldError(['lines', index, 'variantId'], `${variantTitle(variant.options)} of ${product.name} is no longer made`);
    return { productId: product.id, variantId: variant.id, variant: variantTitle(variant.options) };
  });
}
