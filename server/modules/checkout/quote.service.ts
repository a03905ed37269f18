import type { SqlSource } from '../../db/sql';
import type { StateCode } from '../../domain/states';
import { productsForPricing, variantsForPricing } from '../products';
import { cartVariantIds, priceCart, type CartLine, type CartPrice } from './pricing';

/** A cart priced from current prices and stock, its products read in one query (no N+1). */
export async function quoteCart(db: SqlSource, cart: CartLine[], state: StateCode | undefined): Promise<CartPrice> {
  const [products, variants] = await Promise.all([
    productsForPricing(
      db,
      cart.map((item) => item.productId),
    ),
    variantsForPricing(db, cartVariantIds(cart)),
  ]);
  return priceCart(products, cart, state, variants);
}
