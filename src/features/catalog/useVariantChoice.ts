import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import type { Product } from './types';
import { startingVariant, variantWith, withValue, type Variant } from './variant-choice';

const productRoute = getRouteApi('/product/$id');

export interface ChosenVariant {
  /** The value chosen of each option. */
  values: string[];
  /** Their variant; none when the shop does not make that combination. */
  variant: Variant | undefined;
  choose: (optionIndex: number, value: string) => void;
}

/**
 * The variant chosen on a product's page (D38), named in the address (`?variant=<id>`) so the server renders the
 * same choice and a reload keeps it. The values chosen are also held here: at once, before the address has changed,
 * and for a combination the shop does not make (it has no id). Undefined for a product without options.
 */
export function useVariantChoice(product: Product | undefined): ChosenVariant | undefined {
  const { variant: requested } = productRoute.useSearch();
  const navigate = productRoute.useNavigate();
  // For the product they were chosen on: the page stays mounted from product to product.
  const [picked, setPicked] = useState<{ productId: number; values: string[] } | null>(null);
  if (!product?.options) return undefined;
  const variants = product.variants ?? [];
  const named = startingVariant(variants, requested);
  const values =
    picked?.productId === product.id ? picked.values : (named?.options ?? product.options.map((option) => option.values[0] ?? ''));
  const variant = variantWith(variants, values);
  const choose = (optionIndex: number, value: string) => {
    const next = withValue(values, optionIndex, value);
    const found = variantWith(variants, next);
    setPicked({ productId: product.id, values: next });
    // Replaced, not pushed: trying values is not a trail the back button should walk.
    void navigate({ search: found ? { variant: found.id } : {}, replace: true, resetScroll: false });
  };
  return { values, variant, choose };
}
