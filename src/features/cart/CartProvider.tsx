import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { cartQuantity, cartReducer, cartTotalCents, type CartItem, type CartProduct } from './cart-reducer';
import { loadCart, saveCart } from './cart-storage';

interface CartContextValue {
  items: CartItem[];
  totalCents: number;
  quantity: number;
  drawerOpen: boolean;
  add(product: CartProduct): void;
  setQuantity(id: number, quantity: number): void;
  remove(id: number): void;
  clear(): void;
  toggleDrawer(open?: boolean): void;
}

const CartContext = createContext<CartContextValue | null>(null);

export function CartProvider({ children }: { children: ReactNode }) {
  const [items, dispatch] = useReducer(cartReducer, undefined, () => loadCart());
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Saved once it changes: writing back what was just read could overwrite a cart stored meanwhile (by another
  // tab, or before the first render, which as a transition can finish after the page's load event).
  const loaded = useRef(items);
  useEffect(() => {
    if (items !== loaded.current) saveCart(items);
  }, [items]);

  const toggleDrawer = useCallback((open?: boolean) => setDrawerOpen((current) => open ?? !current), []);
  const value = useMemo<CartContextValue>(
    () => ({
      items,
      totalCents: cartTotalCents(items),
      quantity: cartQuantity(items),
      drawerOpen,
      add: (product) => dispatch({ type: 'add', product }),
      setQuantity: (id, quantity) => dispatch({ type: 'setQuantity', id, quantity }),
      remove: (id) => dispatch({ type: 'remove', id }),
      clear: () => dispatch({ type: 'clear' }),
      toggleDrawer,
    }),
    [items, drawerOpen, toggleDrawer],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const cart = useContext(CartContext);
  // SPEC.md section 8: using the cart outside its provider is a developer error.
  if (!cart) throw new Error('useCart must be used inside <CartProvider>');
  return cart;
}
