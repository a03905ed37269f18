import type { CartItem } from '../cart';

const VARIANT_REASONS = new Set(['VARIANT_REQUIRED', 'VARIANT_UNKNOWN']);

/**
 * The cart line a quote was refused for because of its variant (D38): a product that gained options after it was
 * put in the cart (a cart stored before, or in another tab), or a variant the product no longer has. The server
 * names the line in `data.field` ('items.0.variantId'); undefined for any other failure.
 */
export function staleVariantLine(error: unknown, items: readonly CartItem[]): CartItem | undefined {
  const data = (error as { data?: { reason?: unknown; field?: unknown } } | null)?.data;
  if (!data || !VARIANT_REASONS.has(String(data.reason)) || typeof data.field !== 'string') return undefined;
  const index = /^items\.(\d+)\./.exec(data.field)?.[1];
  return index === undefined ? undefined : items[Number(index)];
}
