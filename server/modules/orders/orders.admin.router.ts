import { AppError } from '../../trpc/errors';
import { z } from 'zod';
import { adminProcedure, router } from '../../trpc/init';
import { ORDER_STATUSES } from '../../domain/order-statuses';
import { orderOutput, toOrderDto } from './order.schema';
import { Order } from './order.entity';
import { idSchema as id } from '../../domain/ids';

async function loadOrder(ctx: { em: import('@mikro-orm/postgresql').EntityManager }, orderId: number) {
  const order = await ctx.em.findOne(Order, { id: orderId }, { populate: ['items'] });
  if (!order) throw new AppError('NOT_FOUND', `No order with id ${orderId}`);
  return order;
}

// The owner's orders (SPEC.md section 2 Orders tab; D18 lets the owner move an order through its statuses).
// GET /api/orders/{id} belongs to the orders module (it also answers the customer's browser, D13).
export const ordersAdminRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/orders', tags: ['admin', 'orders'], summary: 'Every order, newest first', protect: true } })
    .input(z.void())
    .output(z.array(orderOutput))
    .query(async ({ ctx }) => {
      const orders = await ctx.em.find(Order, {}, { populate: ['items'], orderBy: { createdAt: 'desc', id: 'desc' } });
      return orders.map(toOrderDto);
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
        summary: "Change an order's status",
        protect: true,
      },
    })
    .input(z.object({ id, status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }) }))
    .output(orderOutput)
    .mutation(async ({ ctx, input }) => {
      const order = await loadOrder(ctx, input.id);
      order.status = input.status;
      await ctx.em.flush();
      return toOrderDto(order);
    }),
});
