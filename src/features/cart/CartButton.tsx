import { useCart } from './CartProvider';
import classes from './CartButton.module.css';

function CartIcon() {
  return (
    <svg
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M6 2 3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4Z" />
      <path d="M3 6h18" />
      <path d="M16 10a4 4 0 0 1-8 0" />
    </svg>
  );
}

/**
 * The navigation bar's cart button; its badge shows the total quantity, only above zero. A plain button styled
 * like Mantine's subtle ActionIcon with an Indicator: it is in every page's first bundle.
 */
export function CartButton() {
  const { quantity, toggleDrawer, drawerOpen } = useCart();
  const label = quantity > 0 ? `Cart, ${quantity} ${quantity === 1 ? 'item' : 'items'}` : 'Cart, empty';
  return (
    <div className={classes.root}>
      {quantity > 0 && <div className={classes.badge}>{quantity}</div>}
      <button
        type="button"
        className={`mantine-focus-auto mantine-active ${classes.button}`}
        onClick={() => toggleDrawer(true)}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={drawerOpen}
      >
        <CartIcon />
      </button>
    </div>
  );
}
