// Choosing a variant of a product with options (D38) on its page: which variant a combination of values is, and
// how each value would leave the choice. Pure, so the page and its server render choose alike.
import type { Product } from './types';

export type Variant = NonNullable<Product['variants']>[number];

/** The variant made of exactly these values (one per option, in the options' order), if the shop sells it. */
export function variantWith(variants: readonly Variant[], values: readonly string[]): Variant | undefined {
  return variants.find(
    (variant) => variant.options.length === values.length && variant.options.every((value, index) => value === values[index]),
  );
}

/** The variant a page opens with: the one its address names, else the first in stock, else the first. */
export function startingVariant(variants: readonly Variant[], requestedId: number | undefined): Variant | undefined {
  return variants.find((variant) => variant.id === requestedId) ?? variants.find((variant) => variant.inStock) ?? variants[0];
}

/** The values with one option's value replaced. */
export const withValue = (values: readonly string[], optionIndex: number, value: string) =>
  values.map((current, index) => (index === optionIndex ? value : current));

/** What choosing `value` for an option would give, the other options kept: a variant to buy, a sold-out one, or none. */
export type ValueState = 'available' | 'sold-out' | 'unavailable';

export function valueState(variants: readonly Variant[], chosen: readonly string[], optionIndex: number, value: string): ValueState {
  const variant = variantWith(variants, withValue(chosen, optionIndex, value));
  if (!variant) return 'unavailable';
  return variant.inStock ? 'available' : 'sold-out';
}

/** The product as the cart and its button take it: the variant's price, weight, picture and stock (D38). */
export function asVariant(product: Product, variant: Variant) {
  return {
    id: product.id,
    name: product.name,
    price: variant.price,
    imageUrl: variant.imageUrl ?? product.imageUrl,
    weight: variant.weight,
    stockQuantity: variant.stockQuantity,
    inStock: variant.inStock,
    variantId: variant.id,
    variant: variant.title,
  };
}
