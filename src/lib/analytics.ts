import { centsToNumber, toCents } from '../../server/domain/money';

declare global {
  interface Window {
    /** Google's analytics function, present only when the owner adds their tag. */
    gtag?: (...args: unknown[]) => void;
  }
}

/** docs/product.md section 1: the add-to-cart event, sent only when an analytics function is present. */
export function trackAddToCart(product: { id: number; name: string; price: string }) {
  if (typeof window === 'undefined' || typeof window.gtag !== 'function') return;
  const price = centsToNumber(toCents(product.price));
  try {
    window.gtag('event', 'add_to_cart', {
      currency: 'USD',
      value: price,
      items: [{ item_id: String(product.id), item_name: product.name, price, quantity: 1 }],
    });
  } catch (error) {
    // A broken analytics tag must never stop a purchase.
    console.error('The analytics tag failed:', error);
  }
}
