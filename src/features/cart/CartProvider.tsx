import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { cartQuantity, cartReducer, cartTotalCents, type CartItem, type CartLineRef, type CartProduct } from './cart-reducer';
import { loadCart, saveCart } from './cart-storage';
import { isServerRendered } from '../../lib/server-state';

interface CartContextValue {
  items: CartItem[];
  totalCents: number;
  quantity: number;
  drawerOpen: boolean;
  add: (product: CartProduct) => void;
  setQuantity: (line: CartLineRef, quantity: number) => void;
  remove: (line: CartLineRef) => void;
  clear: () => void;
  toggleDrawer: (open?: boolean) => void;
  /** What had focus when the drawer opened (the cart button), to give focus back to once it closes. */
  drawerOpener: { current: HTMLElement | null };
}

const CartContext = createContext<CartContextValue | null>(null);

export function CartProvider({ children }: { children: ReactNode }) {
  // A page the server rendered knows no cart (it lives in this browser's storage): the first render must be
  // the server's, with an empty cart, and the stored one arrives right after it.
  const [fromServer] = useState(() => typeof window === 'undefined' || isServerRendered());
  const [items, dispatch] = useReducer(cartReducer, undefined, () => (fromServer ? [] : loadCart()));
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Saved once it changes: writing back what was just read could overwrite a cart stored meanwhile (by another
  // tab, or before the first render, which as a transition can finish after the page's load event).
  const loaded = useRef(items);
  useEffect(() => {
    if (items !== loaded.current) saveCart(items);
  }, [items]);
  // After the effect above: on the first render it must still see the empty cart as the one loaded.
  useEffect(() => {
    if (!fromServer) return;
    loaded.current = loadCart();
    dispatch({ type: 'load', items: loaded.current });
  }, [fromServer]);

  const drawerOpener = useRef<HTMLElement | null>(null);
  const toggleDrawer = useCallback((open?: boolean) => {
    // Taken in the click, before the drawer (loaded lazily) mounts and moves focus into itself.
    if (open !== false && document.activeElement instanceof HTMLElement) drawerOpener.current = document.activeElement;
    setDrawerOpen((current) => open ?? !current);
  }, []);
  const value = useMemo<CartContextValue>(
    () => ({
      items,
      totalCents: cartTotalCents(items),
      quantity: cartQuantity(items),
      drawerOpen,
      add: (product) => dispatch({ type: 'add', product }),
      setQuantity: (line, quantity) => dispatch({ type: 'setQuantity', line, quantity }),
      remove: (line) => dispatch({ type: 'remove', line }),
      clear: () => dispatch({ type: 'clear' }),
      toggleDrawer,
      drawerOpener,
    }),
    [items, drawerOpen, toggleDrawer],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const cart = useContext(CartContext);
  // docs/product.md section 8: using the cart outside its provider is a developer error.
  if (!cart) throw new Error('useCart must be used inside <CartProvider>');
  return cart;
}
