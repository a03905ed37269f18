import { z } from 'zod';
import { adminProcedure, router } from '../../trpc/init';

const statsOutput = z.object({
  totalProducts: z.number().int(),
  pendingOrders: z.number().int(),
  /** SPEC.md: the sum of all order totals (not limited to a month), two decimals. */
  monthlyRevenue: z.string(),
  customerRating: z.string(),
});

const dayOutput = z.object({ date: z.string(), revenue: z.string(), orders: z.number().int() });
const topProductOutput = z.object({ productId: z.number().int(), name: z.string(), units: z.number().int(), revenue: z.string() });

const ANALYTICS_DAYS = 30;

// The dashboard's numbers, each computed by PostgreSQL with aggregates rather than by loading rows.
export const statsRouter = router({
  stats: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/stats', tags: ['admin'], summary: 'The dashboard stat cards', protect: true } })
    .input(z.void())
    .output(statsOutput)
    .query(async ({ ctx }) => {
      const [row] = await ctx.em.getConnection().execute<{ products: number; pending: number; revenue: string }[]>(
        `select (select count(*)::int from product where not archived) as products,
                (select count(*)::int from shop_order where status = 'pending') as pending,
                (select coalesce(sum(total), 0)::numeric(14, 2)::text from shop_order) as revenue`,
      );
      return {
        totalProducts: row!.products,
        pendingOrders: row!.pending,
        monthlyRevenue: row!.revenue,
        customerRating: '4.9',
      };
    }),

  analytics: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/analytics',
        tags: ['admin'],
        summary: 'Revenue per day (last 30 days) and best sellers',
        protect: true,
      },
    })
    .input(z.void())
    .output(z.object({ days: z.array(dayOutput), topProducts: z.array(topProductOutput) }))
    .query(async ({ ctx }) => {
      const connection = ctx.em.getConnection();
      // Cancelled orders brought no money, so they count in neither chart. The two queries run side by side.
      const [days, topProducts] = await Promise.all([
        // Only the window's orders are read (the created_at index), then spread over every day of it.
        connection.execute<{ date: string; revenue: string; orders: number }[]>(
          `with window_orders as (
             select date_trunc('day', created_at) as day, total from shop_order
              where created_at >= date_trunc('day', now()) - make_interval(days => ?) and status <> 'cancelled'
           )
           select to_char(d.day, 'YYYY-MM-DD') as date,
                  coalesce(sum(o.total), 0)::numeric(14, 2)::text as revenue,
                  count(o.day)::int as orders
             from generate_series(date_trunc('day', now()) - make_interval(days => ?), date_trunc('day', now()), interval '1 day') as d(day)
             left join window_orders o on o.day = d.day
            group by d.day
            order by d.day`,
          [ANALYTICS_DAYS - 1, ANALYTICS_DAYS - 1],
        ),
        // Items are summed per product without joining every order: the few cancelled ones are left out by
        // id, and only the five winners are joined to their current names.
        connection.execute<{ productId: number; name: string; units: number; revenue: string }[]>(
          `with sold as (
             select product_id, sum(quantity)::int as units, sum(price * quantity) as revenue, max(name) as name
               from order_item
              where order_id not in (select id from shop_order where status = 'cancelled')
              group by product_id
              order by units desc, revenue desc, product_id
              limit 5
           )
           select s.product_id as "productId", coalesce(p.name, s.name) as name, s.units, s.revenue::numeric(14, 2)::text as revenue
             from sold s left join product p on p.id = s.product_id
            order by s.units desc, s.revenue desc, s.product_id`,
        ),
      ]);
      return { days, topProducts };
    }),
});
