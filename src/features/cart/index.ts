// What other features may use of the cart (docs/architecture.md: a feature's internals stay its own).
export { useCart } from './CartProvider';
export { lineKey, type CartItem } from './cart-reducer';
export { isAvailable } from './stock';
