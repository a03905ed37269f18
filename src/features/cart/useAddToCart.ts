import { useCallback } from 'react';
import { trackAddToCart } from '../../lib/analytics';
import { sameLine, type CartProduct } from './cart-reducer';
import { toastAdded, toastOutOfStock, toastStockLimit } from './cart-toasts';
import { useCart } from './CartProvider';
import { addRefusal, type StockInfo } from './stock';

export type AddableProduct = Omit<CartProduct, 'stockQuantity'> & StockInfo;

/** Adds one of a product (or of a product's variant, D38) to the cart with docs/product.md section 8's toasts, or refuses when stock does not allow it. */
export function useAddToCart() {
  const cart = useCart();
  return useCallback(
    (product: AddableProduct): boolean => {
      const inCart = cart.items.find((item) => sameLine(item, product))?.quantity ?? 0;
      const refusal = addRefusal(product, inCart);
      if (refusal?.reason === 'out-of-stock') {
        toastOutOfStock();
        return false;
      }
      if (refusal?.reason === 'stock-limit') {
        toastStockLimit(product.name, refusal.limit);
        return false;
      }
      const { id, name, price, imageUrl, weight, stockQuantity, variantId, variant } = product;
      cart.add({ id, name, price, imageUrl, weight, stockQuantity, variantId, variant });
      toastAdded(variant ? `${name} (${variant})` : name);
      trackAddToCart(product);
      return true;
    },
    [cart],
  );
}
