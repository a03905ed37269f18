/** The product page's address query: `?variant=<id>` names the variant chosen (D38), so it can be shared and reloaded. */
export interface ProductSearch {
  variant?: number;
}

/** Reads the query; anything but a variant id is left out (the page then opens with its first variant in stock). */
export function parseProductSearch(query: Record<string, unknown>): ProductSearch {
  const variant = typeof query.variant === 'string' ? Number(query.variant) : query.variant;
  return typeof variant === 'number' && Number.isSafeInteger(variant) && variant > 0 ? { variant } : {};
}
