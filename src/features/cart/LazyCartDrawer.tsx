import { lazy, Suspense, useState } from 'react';
import { useCart } from './CartProvider';

const CartDrawer = lazy(() => import('./CartDrawer').then((module) => ({ default: module.CartDrawer })));

/**
 * The cart drawer, fetched the first time the cart opens: a drawer brings Mantine's modal, focus-trap and
 * scroll-area code, which no page needs before then. Once loaded it stays mounted so it can animate closed.
 */
export function LazyCartDrawer() {
  const { drawerOpen } = useCart();
  const [wanted, setWanted] = useState(drawerOpen);
  if (drawerOpen && !wanted) setWanted(true);
  if (!wanted && !drawerOpen) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawer />
    </Suspense>
  );
}
