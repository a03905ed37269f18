import { z } from 'zod';
import { adminProcedure, router, withInput, withOutput } from '../../trpc/init';
import { dashboardStats, lowStockProducts, salesAnalytics } from './stats.service';
import { askedPage, optionalPagingInput, pageWindow, sendPagingHeaders } from '../../contract/list-paging';
import { count, money, named, rowId } from '../../contract/wire-schemas';

const statsOutput = named(
  z.object({
    totalProducts: count('Products in the shop (archived ones left out)', 28),
    pendingOrders: count('Orders whose status is pending (awaiting payment)', 0),
    toShip: count('Paid orders not yet shipped (status completed)', 2),
    monthlyRevenue: money(
      "Money kept (D30): what payments took minus what refunds gave back, not limited to a month (docs/product.md's " +
        '"sum of all order totals", which it equals while nothing is refunded)',
      '1234.50',
    ),
    customerRating: z
      .string()
      .regex(/^[1-5]\.\d$/)
      .nullable()
      .meta({
        description:
          "The average rating of the approved reviews (D37: real, no longer docs/product.md's fixed 4.9), out of 5 with one decimal; null when there are none",
        examples: ['4.7'],
      }),
    reviewCount: count('How many approved reviews there are (D37)', 24),
    warnings: z
      .array(z.string())
      .optional()
      .meta({
        description:
          'Present when the instance that answered noticed a setting to fix, each a sentence for the owner: a proxy or ' +
          'balancer TRUST_PROXY does not name (every buyer would share one rate limit), or a production shop without ' +
          'SMTP_URL (emails are only kept in the outbox).',
      }),
  }),
  'DashboardStats',
  "The dashboard's stat cards.",
  { totalProducts: 28, pendingOrders: 0, toShip: 2, monthlyRevenue: '1234.50', customerRating: '4.7', reviewCount: 24 },
);

const dayOutput = named(
  z.object({
    date: z.iso.date().meta({ description: 'The day (UTC)', examples: ['2026-11-24'] }),
    revenue: z
      .string()
      .regex(/^-?\d+\.\d{2}$/)
      .meta({
        description:
          'Money kept that day: payments taken minus refunds made that day, US dollars as a decimal string with two ' +
          'places (below zero on a day that refunded more than it took)',
        examples: ['145.67'],
      }),
    orders: count('Orders placed that day (cancelled ones left out)', 2),
  }),
  'SalesDay',
  'One day of sales.',
  { date: '2026-11-24', revenue: '145.67', orders: 2 },
);

const topProductOutput = named(
  z.object({
    productId: rowId('The product', 7),
    variantId: rowId('The variant sold, each a best seller of its own (products with options only)', 31).optional(),
    name: z.string().meta({
      description: 'Its name; a variant\'s with its title: "Walnut Yarn Bowl (Walnut / Large)"',
      examples: ['Walnut Yarn Bowl with Swirl Slot'],
    }),
    units: count('Units sold and kept (units refunds put back in stock are not counted)', 5),
    revenue: money('What they sold for', '340.00'),
  }),
  'TopProduct',
  'A best-selling product.',
  { productId: 7, name: 'Walnut Yarn Bowl with Swirl Slot', units: 5, revenue: '340.00' },
);

const analyticsOutput = named(
  z.object({
    days: z.array(dayOutput).meta({ description: 'Every day of the last 30, oldest first (days without sales too)' }),
    topProducts: z.array(topProductOutput).meta({
      description: 'The five best sellers by units kept: cancelled and refunded orders left out, units partial refunds restocked taken off',
    }),
  }),
  'SalesAnalytics',
  'Revenue per day and the best sellers (the Analytics tab).',
  {
    days: [{ date: '2026-11-24', revenue: '145.67', orders: 2 }],
    topProducts: [{ productId: 7, name: 'Walnut Yarn Bowl with Swirl Slot', units: 5, revenue: '340.00' }],
  },
);

const lowStockOutput = named(
  z.object({
    id: rowId('The product', 7),
    variantId: rowId('The variant that is low (products with options: one row per low variant)', 31).optional(),
    variant: z
      .string()
      .optional()
      .meta({ description: "The variant's title (products with options only)", examples: ['Walnut / Large'] }),
    name: z.string().meta({ description: "The product's name", examples: ['Walnut Yarn Bowl with Swirl Slot'] }),
    stockQuantity: count('How many are left (of the variant, for a variant)', 1),
    lowStockThreshold: count("Its low-stock alert level (the product's, for a variant)", 2),
  }),
  'LowStockProduct',
  'A product, or a variant of a product with options, at or below its low-stock alert level.',
  { id: 7, name: 'Walnut Yarn Bowl with Swirl Slot', stockQuantity: 1, lowStockThreshold: 2 },
);

const ANALYTICS_DAYS = 30;

// The dashboard's numbers (stats.service.ts computes them).
export const statsRouter = router({
  stats: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/stats', tags: ['admin'], summary: 'The dashboard stat cards', protect: true } })
    .concat(withInput(z.void()))
    .concat(withOutput(statsOutput))
    .query(async ({ ctx }) => {
      const stats = await dashboardStats(ctx.em);
      // The owner's own request through a balancer TRUST_PROXY leaves out shows the trap too, on any instance.
      ctx.services.forwarding.check(ctx.req);
      const warnings = [ctx.services.forwarding.warning, ctx.services.mail.setupWarning].filter((warning) => warning !== undefined);
      return {
        totalProducts: stats.products,
        pendingOrders: stats.pending,
        toShip: stats.toShip,
        monthlyRevenue: stats.revenue,
        customerRating: stats.rating,
        reviewCount: stats.reviews,
        ...(warnings.length > 0 ? { warnings } : {}),
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
    .concat(withInput(z.void()))
    .concat(withOutput(analyticsOutput))
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
        summary:
          'Products (a product with options: its variants) at or below their low-stock alert, fewest left first (all, or a page when page or pageSize is given)',
        protect: true,
      },
    })
    .concat(withInput(optionalPagingInput.optional()))
    .concat(withOutput(z.array(lowStockOutput)))
    .query(async ({ ctx, input }) => {
      const paging = askedPage(input);
      const [products, total] = await lowStockProducts(ctx.em, paging && pageWindow(paging));
      if (paging) sendPagingHeaders(ctx, paging, total);
      return products;
    }),
});
