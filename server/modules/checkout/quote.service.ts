import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { StateCode } from '../../domain/states';
import { Product, type IProduct } from '../products/product.entity';
import { priceCart, type CartLine, type CartPrice } from './pricing';

/**
 * Loads every product of the cart in one query (no N+1). With `lock`, inside a transaction, the rows are
 * locked FOR UPDATE in id order, so concurrent checkouts of the same items queue instead of deadlocking.
 */
export async function loadCartProducts(em: EntityManager, productIds: number[], options: { lock?: boolean } = {}): Promise<IProduct[]> {
  return em.find(
    Product,
    { id: { $in: productIds } },
    { orderBy: { id: 'asc' }, ...(options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}) },
  );
}

export async function quoteCart(em: EntityManager, cart: CartLine[], state: StateCode | undefined): Promise<CartPrice> {
  const products = await loadCartProducts(em, cart.map((item) => item.productId));
  return priceCart(products, cart, state);
}
