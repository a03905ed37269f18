import { hideToasts, showToast } from '../../lib/toast';

// docs/product.md section 8's cart toasts; red marks the destructive ones.

const ADDED_TOASTS = 'added-to-cart';

export function toastAdded(name: string) {
  showToast({ title: 'Added to cart', message: `${name} has been added to your cart.` }, ADDED_TOASTS);
}

/** The open cart shows what 'Added to cart' said: its toasts go, rather than lie over the drawer's buttons. */
export function hideAddedToasts() {
  hideToasts(ADDED_TOASTS);
}

export function toastOutOfStock() {
  showToast({ color: 'red', title: 'Out of Stock', message: 'This item is currently unavailable.' });
}

export function toastStockLimit(name: string, limit: number) {
  showToast({
    color: 'red',
    title: 'Not enough stock',
    message: `Only ${limit} of ${name} in stock, and your cart already holds ${limit}.`,
  });
}
