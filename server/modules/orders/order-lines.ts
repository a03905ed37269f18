import type { SqlRunner } from '../../db/sql';

/** What the reviews module needs to know of an order line (D37): whose it is, what it was, and where its order stands. */
export interface OrderLineFacts {
  id: number;
  orderId: number;
  orderStatus: string;
  productId: number;
  variantId: number | null;
  /** The variant's title as sold (D38), or null. */
  variant: string | null;
  /** The product's name as sold. */
  name: string;
  quantity: number;
  /** Units of the line that refunds put back in stock (order_refund.restock): all of them means the line came back. */
  returned: number;
  customerName: string;
  customerEmail: string;
}

/**
 * The order lines with these ids (those that exist), with their order's status and buyer and how much of each the
 * refunds took back. One statement: the order's row and its refunds' restocked lines, matched by product and
 * variant as the refunds name them.
 */
export async function orderLineFacts(runner: SqlRunner, ids: readonly number[]): Promise<OrderLineFacts[]> {
  if (ids.length === 0) return [];
  return runner.query<OrderLineFacts>(
    `select i.id, i.order_id as "orderId", o.status as "orderStatus", i.product_id as "productId", i.variant_id as "variantId",
            i.variant, i.name, i.quantity, o.customer_name as "customerName", o.customer_email as "customerEmail",
            coalesce((select sum(x.quantity)::int
                        from order_refund r, jsonb_to_recordset(r.restock) as x("productId" int, "variantId" int, quantity int)
                       where r.order_id = i.order_id and x."productId" = i.product_id
                         and x."variantId" is not distinct from i.variant_id), 0) as returned
       from order_item i join shop_order o on o.id = i.order_id
      where i.id = any($1::int[])
      order by i.id`,
    [ids],
  );
}
