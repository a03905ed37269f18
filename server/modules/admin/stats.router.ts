import { z } from 'zod';
import { adminProcedure, router } from '../../trpc/init';
import { dashboardStats, salesAnalytics } from './stats.service';

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

// The dashboard's numbers (stats.service.ts computes them).
export const statsRouter = router({
  stats: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/stats', tags: ['admin'], summary: 'The dashboard stat cards', protect: true } })
    .input(z.void())
    .output(statsOutput)
    .query(async ({ ctx }) => {
      const stats = await dashboardStats(ctx.em);
      return { totalProducts: stats.products, pendingOrders: stats.pending, monthlyRevenue: stats.revenue, customerRating: '4.9' };
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
      const [days, topProducts] = await salesAnalytics(ctx.em, ANALYTICS_DAYS);
      return { days, topProducts };
    }),

  lowStock: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/low-stock',
        tags: ['admin'],
        summary: 'Products at or below their low-stock alert',
        protect: true,
      },
    })
    .input(z.void())
    .output(
      z.array(z.object({ id: z.number().int(), name: z.string(), stockQuantity: z.number().int(), lowStockThreshold: z.number().int() })),
    )
    .query(({ ctx }) =>
      ctx.em.execute<{ id: number; name: string; stockQuantity: number; lowStockThreshold: number }[]>(
        `select id, name, stock_quantity as "stockQuantity", low_stock_threshold as "lowStockThreshold"
           from product where not archived and stock_quantity <= low_stock_threshold
          order by stock_quantity, name limit 50`,
      ),
    ),
});
