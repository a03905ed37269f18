import { ZodError } from 'zod';
import type { SqlRunner } from '../../db/sql';
import { InputError } from '../../trpc/errors';
import type { IOrder } from './order.entity';
import { restockKey, type RestockLine } from './order-refund-history';

// Stock an order's refunds and cancels put back (D38: on the variant when a line was sold as one): which lines may
// still go back, and the statements that put them back, each locking the products' rows first in id order, as the
// checkout does. Used by the refunds (order-refunds.service.ts) and the status moves (order-status.service.ts).

/** A 400 naming the field, as the input check answers (VALIDATION_FAILED with `data.issues`). */
function badInput(path: (string | number)[], message: string): InputError {
  return new InputError(new ZodError([{ code: 'custom', path, message, input: undefined }]));
}

/** How many units of each line (product, or variant) earlier refunds put back in stock, by restockKey. */
export async function restockedSoFar(tx: SqlRunner, orderId: number): Promise<Map<string, number>> {
  const rows = await tx.query<{ product_id: number; variant_id: number | null; quantity: number }>(
    `select x."productId" as product_id, x."variantId" as variant_id, sum(x.quantity)::int as quantity
       from order_refund r, jsonb_to_recordset(r.restock) as x("productId" int, "variantId" int, quantity int)
      where r.order_id = $1 group by x."productId", x."variantId"`,
    [orderId],
  );
  return new Map(rows.map((row) => [restockKey({ productId: row.product_id, variantId: row.variant_id }), row.quantity]));
}

/**
 * The lines to put back, each a line of the order (its product, and its variant when it was sold as one) and no
 * more of it than was sold and not yet put back (a cancelled or refunded order has had all of it back already).
 * 400 naming the line otherwise.
 */
export function checkRestock(order: IOrder, status: string, restock: RestockLine[], earlier: Map<string, number>): RestockLine[] {
  const sold = new Map<string, number>();
  const products = new Set<number>();
  for (const item of order.items) {
    const key = restockKey({ productId: item.product.id, variantId: item.variantId });
    sold.set(key, (sold.get(key) ?? 0) + item.quantity);
    products.add(item.product.id);
  }
  const asked = new Map<string, RestockLine>();
  restock.forEach((line, index) => {
    const key = restockKey(line);
    const units = sold.get(key);
    if (units === undefined) {
      if (!products.has(line.productId)) throw badInput(['restock', index, 'productId'], `product ${line.productId} is not in this order`);
      throw badInput(
        ['restock', index, 'variantId'],
        line.variantId === undefined
          ? `product ${line.productId} was sold as variants: name the variant to put back`
          : `variant ${line.variantId} of product ${line.productId} is not in this order`,
      );
    }
    const total = (asked.get(key)?.quantity ?? 0) + line.quantity;
    const back = status === 'cancelled' || status === 'refunded' ? units : (earlier.get(key) ?? 0);
    const what = line.variantId === undefined ? `product ${line.productId}` : `variant ${line.variantId} of product ${line.productId}`;
    if (total > units - back) {
      throw badInput(['restock', index, 'quantity'], `at most ${units - back} of ${what} can still be put back in stock`);
    }
    asked.set(key, { productId: line.productId, ...(line.variantId === undefined ? {} : { variantId: line.variantId }), quantity: total });
  });
  return [...asked.values()];
}

/**
 * Puts units back on the products and variants, the products' rows locked first in id order, as the checkout locks
 * them: a variant's restock updates its product's summary (trigger), which must not wait on a checkout in the
 * other order.
 */
export async function putBack(tx: SqlRunner, restock: RestockLine[]) {
  if (restock.length === 0) return;
  await tx.query(
    `with x as (select * from jsonb_to_recordset($1::jsonb) as x("productId" int, "variantId" int, quantity int)),
     locked as (select p.id from product p where p.id in (select "productId" from x) order by p.id for update),
     products as (
       update product p set stock_quantity = p.stock_quantity + x.quantity, in_stock = true
         from x where p.id = x."productId" and x."variantId" is null and p.id in (select id from locked)
     )
     update product_variant v set stock_quantity = v.stock_quantity + x.quantity, updated_at = now()
       from x where v.id = x."variantId" and v.product_id = x."productId" and v.product_id in (select id from locked)`,
    [JSON.stringify(restock)],
  );
}

/**
 * Units each product of the order still has out of stock (sold minus what its refunds put back), for the move that
 * puts the rest back: a cancel after a partial refund with restock never puts a unit back twice. In the caller's
 * transaction of statements, which changes the order's status.
 */
export async function restockRest(tx: SqlRunner, orderId: number): Promise<void> {
  await tx.query(
    `with j as (
       select i.product_id, i.variant_id, i.quantity - coalesce(r.quantity, 0) as units
         from (select product_id, variant_id, sum(quantity)::int as quantity from order_item where order_id = $1
                group by product_id, variant_id) i
         left join (select x."productId" as product_id, x."variantId" as variant_id, sum(x.quantity)::int as quantity
                      from order_refund o, jsonb_to_recordset(o.restock) as x("productId" int, "variantId" int, quantity int)
                     where o.order_id = $1 group by x."productId", x."variantId") r
           on r.product_id = i.product_id and r.variant_id is not distinct from i.variant_id
     ),
     -- The products' rows first, in id order, as the checkout and putBack lock them.
     locked as (select p.id from product p where p.id in (select product_id from j) order by p.id for update),
     products as (
       update product p set stock_quantity = p.stock_quantity + j.units, in_stock = true
         from j where p.id = j.product_id and j.variant_id is null and j.units > 0 and p.id in (select id from locked)
     )
     update product_variant v set stock_quantity = v.stock_quantity + j.units, updated_at = now()
       from j where v.id = j.variant_id and j.units > 0 and v.product_id in (select id from locked)`,
    [orderId],
  );
}
