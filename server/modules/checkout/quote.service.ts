import type { SqlSource } from '../../db/sql';
import type { SalesRules } from '../../domain/sales-rules';
import type { StateCode } from '../../domain/states';
import { requireMinimum, usableDiscount } from '../discounts';
import { productsForPricing, variantsForPricing } from '../products';
import { cartVariantIds, priceCart, type CartLine, type CartPrice } from './pricing';

/**
 * A cart priced from current prices and stock, its products read in one query (no N+1), with the buyer's discount
 * code when given (D40: read at the same time; refused with its reason, never left out silently).
 */
export async function quoteCart(
  db: SqlSource,
  cart: CartLine[],
  state: StateCode | undefined,
  // The owner's settings (D39), read by the caller, which refuses a state the shop does not ship to first.
  rules: SalesRules,
  discountCode?: string,
): Promise<CartPrice> {
  const [products, variants, discount] = await Promise.all([
    productsForPricing(
      db,
      cart.map((item) => item.productId),
    ),
    variantsForPricing(db, cartVariantIds(cart)),
    discountCode === undefined ? undefined : usableDiscount(db, discountCode),
  ]);
  const price = priceCart(products, cart, state, variants, discount, rules);
  if (discount) requireMinimum(discount, price.subtotalCents);
  return price;
}
