import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import type { PageWindow } from '../../contract/list-paging';

// The dashboard's numbers, each computed by PostgreSQL with aggregates rather than by loading rows. Plain SQL:
// aggregates over several tables in one statement, and a calendar of days, are beyond the ORM's queries.

export interface DashboardStats {
  products: number;
  pending: number;
  /** Paid orders not yet shipped (status completed): the boxes to pack. */
  toShip: number;
  /** Money kept (D30): what payments took minus what refunds gave back, two decimals; SPEC: not limited to a month. */
  revenue: string;
  /** The approved reviews' average, one decimal, or null when there are none (D37), and how many there are. */
  rating: string | null;
  reviews: number;
}

/**
 * Money's movements in the payment ledger, signed: + a payment the provider took (charging ones are not known to
 * be), - a refund (decided: its money is on its way back, and the recovery pass sees that it gets there). Each
 * movement counts on the day the shop asked the provider (`created_at`, indexed), so a deposit counts when taken
 * and a refund when made, whatever the order's own date.
 */
const LEDGER_MOVEMENTS = `select created_at, case when kind = 'refund' then -amount_cents else amount_cents end as cents
    from payment_ledger where kind = 'refund' or state <> 'charging'`;

/** The stat cards: a few aggregates over four tables in one round trip. */
export async function dashboardStats(em: EntityManager): Promise<DashboardStats> {
  const [row] = await sql(em).query<DashboardStats>(`select (select count(*)::int from product where not archived) as products,
            (select count(*)::int from shop_order where status = 'pending') as pending,
            (select count(*)::int from shop_order where status = 'completed') as "toShip",
            (select (coalesce(sum(cents), 0) / 100.0)::numeric(14, 2)::text from (${LEDGER_MOVEMENTS}) m) as revenue,
            r.rating, r.reviews
       from (select to_char(round(avg(rating), 1), 'FM0.0') as rating, count(*)::int as reviews
               from review where status = 'approved') r`);
  return row!;
}

export interface SalesDay {
  date: string;
  revenue: string;
  orders: number;
}

export interface TopProduct {
  productId: number;
  /** A variant sold (D38), whose title the name carries: "Walnut Yarn Bowl (Walnut / Large)"; absent for a product without options. */
  variantId?: number;
  name: string;
  units: number;
  revenue: string;
}

/**
 * Money kept per day over the last `days` days (every day, empty ones too: D30, the ledger's movements by the day
 * they moved), the orders placed each day, and the five best sellers by units kept (what refunds put back in stock
 * is not sold). Cancelled orders count in neither the orders nor the best sellers, orders refunded whole not in the
 * best sellers. The two queries run side by side; each day's figures come from one grouped read per table.
 */
export function salesAnalytics(em: EntityManager, days: number): Promise<[SalesDay[], TopProduct[]]> {
  return Promise.all([
    // Only the window's movements and orders are read (the created_at indexes), each summed per day, then spread
    // over every day of it.
    sql(em).query<SalesDay>(
      `with since as (select date_trunc('day', now()) - make_interval(days => $1) as day),
       money as (
         select date_trunc('day', m.created_at) as day, sum(m.cents) as cents
           from (${LEDGER_MOVEMENTS}) m, since where m.created_at >= since.day group by 1
       ),
       placed as (
         select date_trunc('day', created_at) as day, count(*)::int as orders from shop_order, since
          where created_at >= since.day and status <> 'cancelled' group by 1
       )
       select to_char(d.day, 'YYYY-MM-DD') as date,
              (coalesce(m.cents, 0) / 100.0)::numeric(14, 2)::text as revenue,
              coalesce(p.orders, 0) as orders
         from since, generate_series(since.day, date_trunc('day', now()), interval '1 day') as d(day)
         left join money m on m.day = d.day
         left join placed p on p.day = d.day
        order by d.day`,
      [days - 1],
    ),
    // Units net of refunds: an order cancelled or refunded whole has had every unit put back, and a partial refund's
    // restocked units (order_refund.restock) are taken off what its order sold, at that order's price of the
    // line. Lines are a product's, or a variant's (D38: each variant its own seller, "Bowl (Walnut / Large)"). Items
    // are summed per line without joining every order (the few closed ones are left out by id); only the refunds'
    // lines are matched to their order's items, and only the five winners joined to their names.
    sql(em)
      .query<Omit<TopProduct, 'variantId'> & { variantId: number | null }>(
        `with closed as (select id from shop_order where status in ('cancelled', 'refunded')),
       returned as (
         select x."productId" as product_id, x."variantId" as variant_id, sum(x.quantity)::int as units,
                sum(x.quantity * line.price) as revenue
           from order_refund r
           cross join jsonb_to_recordset(r.restock) as x("productId" int, "variantId" int, quantity int)
           cross join lateral (select sum(i.price * i.quantity) / sum(i.quantity) as price from order_item i
                                where i.order_id = r.order_id and i.product_id = x."productId"
                                  and i.variant_id is not distinct from x."variantId") line
          where r.order_id not in (select id from closed)
          group by x."productId", x."variantId"
       ),
       sold as (
         select i.product_id, i.variant_id, i.units - coalesce(b.units, 0) as units, i.revenue - coalesce(b.revenue, 0) as revenue,
                i.name, i.variant
           from (select product_id, variant_id, sum(quantity)::int as units, sum(price * quantity) as revenue, max(name) as name,
                        max(variant) as variant
                   from order_item where order_id not in (select id from closed) group by product_id, variant_id) i
           left join returned b on b.product_id = i.product_id and b.variant_id is not distinct from i.variant_id
          where i.units - coalesce(b.units, 0) > 0
          order by units desc, revenue desc, i.product_id, i.variant_id nulls first
          limit 5
       )
       -- Today's names, as for a product: the variant's current title, else its title as sold.
       select s.product_id as "productId", s.variant_id as "variantId",
              coalesce(p.name, s.name)
                || case when s.variant_id is null then '' else ' (' || coalesce(array_to_string(v.option_values, ' / '), s.variant) || ')' end
                as name,
              s.units, s.revenue::numeric(14, 2)::text as revenue
         from sold s left join product p on p.id = s.product_id left join product_variant v on v.id = s.variant_id
        order by s.units desc, s.revenue desc, s.product_id, s.variant_id nulls first`,
      )
      .then((rows) => rows.map(({ variantId, ...row }) => (variantId === null ? row : { ...row, variantId }))),
  ]);
}

export interface LowStockProduct {
  id: number;
  name: string;
  stockQuantity: number;
  lowStockThreshold: number;
  /** A variant's row (D38): the variant at or below its product's alert level, and its title; absent for a product without options. */
  variantId?: number;
  variant?: string;
}

/**
 * What is at or below its alert level: a product without options by its stock, a product with options by each variant
 * on sale (one row per low variant, at the product's level), archived products left out.
 */
const LOW_STOCK = `(select p.id, null::int as variant_id, null::text as variant, p.name, p.stock_quantity, p.low_stock_threshold, 0 as position
     from product p where not p.archived and p.options = '[]'::jsonb and p.stock_quantity <= p.low_stock_threshold
   union all
   select p.id, v.id, array_to_string(v.option_values, ' / '), p.name, v.stock_quantity, p.low_stock_threshold, v.position
     from product p join product_variant v on v.product_id = p.id and v.enabled
    where not p.archived and p.options <> '[]'::jsonb and v.stock_quantity <= p.low_stock_threshold) low`;

/** What is low, fewest left first (ties by name, then id, then the variants' order); all, or one page; and how many. */
export async function lowStockProducts(em: EntityManager, window?: PageWindow): Promise<[LowStockProduct[], number]> {
  const rows = await sql(em).query<{
    id: number;
    variant_id: number | null;
    variant: string | null;
    name: string;
    stockQuantity: number;
    lowStockThreshold: number;
    total: number;
  }>(
    `select id, variant_id, variant, name, stock_quantity as "stockQuantity", low_stock_threshold as "lowStockThreshold",
            count(*) over ()::int as total
       from ${LOW_STOCK} order by stock_quantity, name, id, position ${window ? 'limit $1 offset $2' : ''}`,
    window ? [window.limit, window.offset] : [],
  );
  // A page past the end has no rows to carry the total: count apart.
  const total =
    rows[0]?.total ?? (window ? Number((await sql(em).query<{ n: number }>(`select count(*)::int as n from ${LOW_STOCK}`))[0]!.n) : 0);
  return [
    rows.map(({ id, variant_id, variant, name, stockQuantity, lowStockThreshold }) => ({
      id,
      name,
      stockQuantity,
      lowStockThreshold,
      ...(variant_id === null ? {} : { variantId: variant_id, variant: variant ?? '' }),
    })),
    total,
  ];
}
