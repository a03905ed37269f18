import type { EntityManager } from '@mikro-orm/postgresql';
import { OrderItem } from './order.entity';

/** Whether any order holds the product: such a product is archived, not deleted, so its orders stay whole (D18). */
export async function wasOrdered(em: EntityManager, productId: number): Promise<boolean> {
  return (await em.count(OrderItem, { product: productId })) > 0;
}
