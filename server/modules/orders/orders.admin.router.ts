import { z } from 'zod';
import { adminProcedure, router, withInput, withOutput } from '../../trpc/init';
import { idempotencyHeaders, idempotent } from '../../trpc/idempotency';
import { ORDER_STATUSES } from '../../domain/order-statuses';
import { CARRIERS } from '../../domain/order-transitions';
import { changeOrderStatus } from './order-status.service';
import { orderSearchInput, searchOrders } from './order-search';
import { orderMailSettings } from './order-mail-settings';
import { orderExample, orderOutput, orderStatusOutput, toOrderDto } from './order.schema';
import { loadOrder, orderHistory, ordersPage } from './orders.service';
import { refundOrder } from './order-refunds.service';
import { orderRefunds } from './order-refund-history';
import { orderRefundsOutput, refundInput, refundResultOutput } from './order-refund.schema';
import { idSchema as id } from '../../domain/ids';
import { listPagingInput, pageWindow, sendPagingHeaders } from '../../contract/list-paging';
import { count, named, namedInput, timestamp, withPathParameters } from '../../contract/wire-schemas';

const orderId = z.object({ id: id.describe('The order number (12, not #000012)') });

const statusChange = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).describe('The status to move to'),
    carrier: z
      .enum(CARRIERS, { error: `carrier must be one of ${CARRIERS.join(', ')}` })
      .optional()
      .describe('Who carries it: required when the order ships'),
    trackingNumber: z
      .string()
      .trim()
      .min(1, 'is required when the order ships')
      .max(100)
      .optional()
      .describe("The carrier's tracking number: required when the order ships"),
    note: z.string().trim().max(1000).optional().describe("A note kept in the order's history"),
  })
  .superRefine((change, check) => {
    if (change.status !== 'shipped') return;
    if (!change.carrier)
      check.addIssue({ code: 'custom', path: ['carrier'], message: `is required when the order ships (${CARRIERS.join(', ')})` });
    if (!change.trackingNumber) check.addIssue({ code: 'custom', path: ['trackingNumber'], message: 'is required when the order ships' });
  });

const statusChangeBody = namedInput(
  statusChange,
  'OrderStatusUpdate',
  "Where to move an order (the allowed moves: server/domain/order-transitions.ts; any other is 409 INVALID_TRANSITION). A commission's order waiting for its balance is moved by its commission (409 COMMISSION_ORDER).",
  { status: 'shipped', carrier: 'USPS', trackingNumber: '9400111899223344556677', note: 'Left on the 3pm pickup' },
);

const statusChangeOutput = named(
  z.object({
    from: orderStatusOutput,
    to: orderStatusOutput,
    note: z.string().nullable().meta({ description: "The owner's note, if any" }),
    changedAt: timestamp('When it changed'),
  }),
  'OrderStatusChange',
  "A move in an order's lifecycle, as its history keeps it.",
  { from: 'completed', to: 'shipped', note: null, changedAt: '2026-11-25T10:00:00.000Z' },
);

const orderPageOutput = named(
  z.object({
    orders: z.array(orderOutput).meta({ description: 'The orders of this page' }),
    total: count('How many orders match, in all pages', 1),
    page: count('This page, from 1', 1),
    pageSize: count('How many orders a page holds', 25),
  }),
  'OrderPage',
  "A page of the owner's order search, with how many orders match.",
  { orders: [orderExample], total: 1, page: 1, pageSize: 25 },
);

// The owner's orders (docs/product.md section 2 Orders tab; D18 lets the owner move an order through its statuses).
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
    .concat(withInput(listPagingInput))
    .concat(withOutput(z.array(orderOutput)))
    .query(async ({ ctx, input }) => {
      const [orders, total] = await ordersPage(ctx.em, pageWindow(input));
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
    .concat(withInput(orderSearchInput))
    .concat(withOutput(orderPageOutput))
    .query(async ({ ctx, input }) => {
      const { orders, total } = await searchOrders(ctx.em, input);
      return { orders: orders.map(toOrderDto), total, page: input.page, pageSize: input.pageSize };
    }),

  byId: adminProcedure
    .meta({
      openapi: { method: 'GET', path: '/admin/orders/{id}', tags: ['admin', 'orders'], summary: "One order's full details", protect: true },
    })
    .concat(withInput(orderId))
    .concat(withOutput(orderOutput))
    .query(async ({ ctx, input }) => toOrderDto(await loadOrder(ctx.em, input.id))),

  setStatus: adminProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/orders/{id}/status',
        tags: ['admin', 'orders'],
        summary: 'Move an order along its lifecycle (cancelling or refunding a paid order refunds it and restocks)',
        protect: true,
        requestHeaders: idempotencyHeaders,
      },
    })
    .concat(withInput(withPathParameters(statusChangeBody, orderId.shape)))
    .concat(withOutput(orderOutput))
    // D36: a cancel or whole refund sent again under its Idempotency-Key answers the first answer.
    .mutation(({ ctx, input }) =>
      idempotent(ctx, 'orders.setStatus', input, () => changeOrderStatus(ctx.em, ctx.services, input, orderMailSettings(ctx))),
    ),

  refund: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/orders/{id}/refunds',
        tags: ['admin', 'orders'],
        summary:
          'Refund part or all of what the order took, with a reason, and put chosen lines back in stock; the customer is emailed (409 REFUND_TOO_LARGE above what is left)',
        protect: true,
        requestHeaders: idempotencyHeaders,
      },
    })
    .concat(withInput(withPathParameters(refundInput, orderId.shape)))
    .concat(withOutput(refundResultOutput))
    // D36: the refund sent again under its Idempotency-Key answers the first answer; the key is kept on its row too.
    .mutation(({ ctx, input }) =>
      idempotent(ctx, 'orders.refund', input, (idempotencyKey) =>
        refundOrder(
          ctx.em,
          ctx.services,
          { id: input.id, amountCents: input.amount, reason: input.reason, restock: input.restock, idempotencyKey },
          orderMailSettings(ctx),
        ),
      ),
    ),

  refunds: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/orders/{id}/refunds',
        tags: ['admin', 'orders'],
        summary: "An order's money (paid, refunded, left to refund) and its refunds, oldest first",
        protect: true,
      },
    })
    .concat(withInput(orderId))
    .concat(withOutput(orderRefundsOutput))
    .query(({ ctx, input }) => orderRefunds(ctx.em, input.id)),

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
    .concat(withInput(orderId))
    .concat(withOutput(z.array(statusChangeOutput)))
    .query(async ({ ctx, input }) => {
      const changes = await orderHistory(ctx.em, input.id);
      return changes.map((change) => ({ ...change, changedAt: change.changedAt.toISOString() }));
    }),
});
