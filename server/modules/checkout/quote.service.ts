import type { EntityManager } from '@mikro-orm/postgresql';
import type { StateCode } from '../../domain/states';
import { priceCart, type CartLine, type CartPrice, type PricedProduct } from './pricing';

/**
 * Reads what pricing needs of every product of the cart, in one query (no N+1). Plain SQL rather than the
 * ORM: this runs for every quote and every order, and the rows are only read, never changed through the
 * unit of work, so entity hydration and change tracking would be pure cost.
 */
export async function loadCartProducts(em: EntityManager, productIds: number[]): Promise<PricedProduct[]> {
  const rows = await em.execute<
    {
      id: number;
      name: string;
      price: string;
      image_url: string;
      in_stock: boolean;
      stock_quantity: number;
      weight: string;
      archived: boolean;
    }[]
  >(
    `select id, name, price, image_url, in_stock, stock_quantity, weight, archived from product where id in (${productIds.map(() => '?').join(', ')}) order by id`,
    productIds,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    price: row.price,
    imageUrl: row.image_url,
    inStock: row.in_stock,
    stockQuantity: row.stock_quantity,
    weight: row.weight,
    archived: row.archived,
  }));
}

export async function quoteCart(em: EntityManager, cart: CartLine[], state: StateCode | undefined): Promise<CartPrice> {
  const products = await loadCartProducts(
    em,
    cart.map((item) => item.productId),
  );
  return priceCart(products, cart, state);
}
