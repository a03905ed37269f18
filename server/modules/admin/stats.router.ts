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
      openapi: { method: 'GET', path: '/admin/analytics', tags: ['admin'], summary: 'Revenue per day (last 30 days) and best sellers', protect: true },
    })
    .input(z.void())
    .output(z.object({ days: z.array(dayOutput), topProducts: z.array(topProductOutput) }))
    .query(async ({ ctx }) => {
      const connection = ctx.em.getConnection();
      // Cancelled orders brought no money, so they count in neither chart.
      const days = await connection.execute<{ date: string; revenue: string; orders: number }[]>(
        `select to_char(d.day, 'YYYY-MM-DD') as date,
                coalesce(sum(o.total), 0)::numeric(14, 2)::text as revenue,
                count(o.id)::int as orders
           from generate_series(date_trunc('day', now()) - make_interval(days => ?), date_trunc('day', now()), interval '1 day') as d(day)
           left join shop_order o on date_trunc('day', o.created_at) = d.day and o.status <> 'cancelled'
          group by d.day
          order by d.day`,
        [ANALYTICS_DAYS - 1],
      );
      const topProducts = await connection.execute<{ productId: number; name: string; units: number; revenue: string }[]>(
        `select oi.product_id as "productId",
                coalesce(p.name, max(oi.name)) as name,
                sum(oi.quantity)::int as units,
                sum(oi.price * oi.quantity)::numeric(14, 2)::text as revenue
           from order_item oi
           join shop_order o on o.id = oi.order_id and o.status <> 'cancelled'
           left join product p on p.id = oi.product_id
          group by oi.product_id, p.name
          order by units desc, sum(oi.price * oi.quantity) desc, oi.product_id
          limit 5`,
      );
      return { days, topProducts };
    }),
});
