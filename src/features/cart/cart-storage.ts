import type { CartItem } from './cart-reducer';

/** One localStorage entry for the workshop's cart (docs/product.md section 4). */
export const CART_STORAGE_KEY = 'turnery-cart';

function isCartItem(value: unknown): value is CartItem {
  const item = value as CartItem;
  return (
    typeof item === 'object' &&
    item !== null &&
    Number.isInteger(item.id) &&
    typeof item.name === 'string' &&
    typeof item.price === 'string' &&
    Number.isInteger(item.quantity) &&
    item.quantity > 0 &&
    // A cart stored before variants (D38) has neither; a variant's line has both.
    (item.variantId === undefined || (Number.isInteger(item.variantId) && typeof item.variant === 'string'))
  );
}

/** The stored cart; one that cannot be parsed is ignored and logged, never a crash. */
export function loadCart(storage: Pick<Storage, 'getItem'> = window.localStorage): CartItem[] {
  const text = storage.getItem(CART_STORAGE_KEY);
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) throw new Error('the stored cart is not a list');
    return parsed.filter(isCartItem);
  } catch (error) {
    console.error('Ignoring a stored cart that cannot be read:', error);
    return [];
  }
}

export function saveCart(items: readonly CartItem[], storage: Pick<Storage, 'setItem'> = window.localStorage) {
  try {
    storage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch (error) {
    // Private browsing or a full quota: the cart still works for this visit.
    console.error('Could not save the cart:', error);
  }
}
