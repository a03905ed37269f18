import type { EntityManager } from '@mikro-orm/postgresql';
import type { StateCode } from '../../domain/states';
import { productsForPricing } from '../products/products.service';
import { priceCart, type CartLine, type CartPrice, type PricedProduct } from './pricing';

/** What pricing needs of every product of the cart, in one query (no N+1). */
export function loadCartProducts(em: EntityManager, productIds: number[]): Promise<PricedProduct[]> {
  return productsForPricing(em, productIds);
}

export async function quoteCart(em: EntityManager, cart: CartLine[], state: StateCode | undefined): Promise<CartPrice> {
  const products = await loadCartProducts(
    em,
    cart.map((item) => item.productId),
  );
  return priceCart(products, cart, state);
}
