import { AppError } from '../../trpc/errors';
import { z } from 'zod';
import { adminProcedure, router } from '../../trpc/init';
import { ORDER_STATUSES } from '../../domain/order-statuses';
import { CARRIERS } from '../../domain/order-transitions';
import { changeOrderStatus } from './order-status.service';
import { orderSearchInput, searchOrders } from './order-search';
import { orderMailSettings } from './order-mail-settings';
import { orderOutput, toOrderDto } from './order.schema';
import { Order } from './order.entity';
import { idSchema as id } from '../../domain/ids';
import { listPagingInput, pageWindow, sendPagingHeaders } from '../../rest/list-paging';

async function loadOrder(ctx: { em: import('@mikro-orm/postgresql').EntityManager }, orderId: number) {
  const order = await ctx.em.findOne(Order, { id: orderId }, { populate: ['items'] });
  if (!order) throw new AppError('NOT_FOUND', `No order with id ${orderId}`);
  return order;
}

const statusChangeInput = z
  .object({
    id,
    status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }),
    carrier: z.enum(CARRIERS, { error: `carrier must be one of ${CARRIERS.join(', ')}` }).optional(),
    trackingNumber: z.string().trim().min(1, 'is required when the order ships').max(100).optional(),
    note: z.string().trim().max(1000).optional(),
  })
  .superRefine((change, check) => {
    if (change.status !== 'shipped') return;
    if (!change.carrier)
      check.addIssue({ code: 'custom', path: ['carrier'], message: `is required when the order ships (${CARRIERS.join(', ')})` });
    if (!change.trackingNumber) check.addIssue({ code: 'custom', path: ['trackingNumber'], message: 'is required when the order ships' });
  });

// The owner's orders (SPEC.md section 2 Orders tab; D18 lets the owner move an order through its statuses).
// GET /api/orders/{id} belongs to the orders module (it also answers the customer's browser, D13).
export const ordersAdminRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/orders',
        tags: ['admin', 'orders'],
        summary: 'Orders, newest first, a page at a time (X-Total-Count and Link headers)',
        protect: true,
      },
    })
    .input(listPagingInput)
    .output(z.array(orderOutput))
    .query(async ({ ctx, input }) => {
      const [orders, total] = await ctx.em.findAndCount(
        Order,
        {},
        { populate: ['items'], orderBy: { createdAt: 'desc', id: 'desc' }, ...pageWindow(input) },
      );
      sendPagingHeaders(ctx, input, total);
      return orders.map(toOrderDto);
    }),

  page: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/orders',
        tags: ['admin', 'orders'],
        summary: 'A page of orders: search by number, email or name, filter by status, sort; with the total',
        protect: true,
      },
    })
    .input(orderSearchInput)
    .output(z.object({ orders: z.array(orderOutput), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }))
    .query(async ({ ctx, input }) => {
      const { orders, total } = await searchOrders(ctx.em, input);
      return { orders: orders.map(toOrderDto), total, page: input.page, pageSize: input.pageSize };
    }),

  byId: adminProcedure
    .meta({
      openapi: { method: 'GET', path: '/admin/orders/{id}', tags: ['admin', 'orders'], summary: "One order's full details", protect: true },
    })
    .input(z.object({ id }))
    .output(orderOutput)
    .query(async ({ ctx, input }) => toOrderDto(await loadOrder(ctx, input.id))),

  setStatus: adminProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/orders/{id}/status',
        tags: ['admin', 'orders'],
        summary: 'Move an order along its lifecycle (cancelling or refunding a paid order refunds it and restocks)',
        protect: true,
      },
    })
    .input(statusChangeInput)
    .output(orderOutput)
    .mutation(({ ctx, input }) => changeOrderStatus(ctx.em, ctx.services, input, orderMailSettings(ctx))),

  history: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/orders/{id}/history',
        tags: ['admin', 'orders'],
        summary: "An order's status changes, oldest first",
        protect: true,
      },
    })
    .input(z.object({ id }))
    .output(z.array(z.object({ from: z.string(), to: z.string(), note: z.string().nullable(), changedAt: z.string() })))
    .query(async ({ ctx, input }) => {
      await loadOrder(ctx, input.id);
      const rows = await ctx.em.execute<{ from_status: string; to_status: string; note: string | null; changed_at: Date }[]>(
        'select from_status, to_status, note, changed_at from order_status_change where order_id = ? order by changed_at, id',
        [input.id],
      );
      return rows.map((row) => ({
        from: row.from_status,
        to: row.to_status,
        note: row.note,
        changedAt: new Date(row.changed_at).toISOString(),
      }));
    }),
});
