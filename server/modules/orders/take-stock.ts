import { TRPCError } from '@trpc/server';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Takes the sold units from stock as the order's last statements, one atomic UPDATE per product in id order:
 * it succeeds only while the product is still sold, at the price charged, with enough stock. Each row stays
 * locked only from here to the commit, so buyers of one popular piece wait on each other for microseconds,
 * not for the whole order; and stock can never go below 0 (D7).
 */
export async function takeStock(em: EntityManager, lines: { productId: number; quantity: number; price: string; name: string }[]) {
  const byProduct = [...lines].sort((a, b) => a.productId - b.productId);
  for (const line of byProduct) {
    const result = await em.execute<{ affectedRows: number }>(
      `update product set stock_quantity = stock_quantity - ?, in_stock = stock_quantity - ? > 0, updated_at = now()
        where id = ? and not archived and stock_quantity >= ? and price = ?`,
      [line.quantity, line.quantity, line.productId, line.quantity, line.price],
      'run',
    );
    if (result.affectedRows !== 1) {
      throw new TRPCError({ code: 'CONFLICT', message: `${line.name}: not enough left in stock at this price, the cart must be checked again` });
    }
  }
}
