import type { SqlSource } from '../../db/sql';
import type { StateCode } from '../../domain/states';
import { productsForPricing } from '../products';
import { priceCart, type CartLine, type CartPrice } from './pricing';

/** A cart priced from current prices and stock, its products read in one query (no N+1). */
export async function quoteCart(db: SqlSource, cart: CartLine[], state: StateCode | undefined): Promise<CartPrice> {
  const products = await productsForPricing(
    db,
    cart.map((item) => item.productId),
  );
  return priceCart(products, cart, state);
}
