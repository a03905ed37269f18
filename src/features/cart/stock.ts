/** What the shopper saw of a product's stock. */
export interface StockInfo {
  inStock: boolean;
  stockQuantity: number;
}

export function isAvailable(product: StockInfo): boolean {
  return product.inStock && product.stockQuantity > 0;
}

export type AddRefusal = { reason: 'out-of-stock' } | { reason: 'stock-limit'; limit: number };

/**
 * Why one more of this product may not go into the cart, or null when it may. The server checks stock again
 * at checkout (D7); this only spares the shopper a cart the workshop cannot fill.
 */
export function addRefusal(product: StockInfo, quantityInCart: number): AddRefusal | null {
  if (!isAvailable(product)) return { reason: 'out-of-stock' };
  if (quantityInCart + 1 > product.stockQuantity) return { reason: 'stock-limit', limit: product.stockQuantity };
  return null;
}
