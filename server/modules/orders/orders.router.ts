import { AppError } from '../../trpc/errors';
import { z } from 'zod';
import { publicProcedure, router, withInput, withOutput } from '../../trpc/init';
import { createOrderInput, orderOutput, toOrderDto } from './order.schema';
import { paypalOrderIdText } from './payments.schema';
import { findOrder, placeOrder } from './orders.service';
import { orderMailSettings } from './order-mail-settings';
import { completePayPalCheckout } from './paypal-checkout';
import { asPaymentError } from '../payments';
import { TRPCError } from '@trpc/server';
import { currentAdministrator } from '../../trpc/administrator';
import type { Context } from '../../trpc/context';

// How many of its own orders a browser remembers in its signed session cookie (D13).
const REMEMBERED_ORDERS = 20;

/** The admin's session or API token; a token that fails makes the caller nobody here, answered as anyone else. */
async function isAdministrator(ctx: Context): Promise<boolean> {
  try {
    return (await currentAdministrator(ctx, 'GET')) !== null;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

export const ordersRouter = router({
  create: publicProcedure
    .meta({
      openapi: { method: 'POST', path: '/orders', tags: ['orders'], summary: 'Place a paid order (figures and payment are verified)' },
    })
    .concat(withInput(createOrderInput))
    .concat(withOutput(orderOutput))
    .mutation(async ({ ctx, input }) => {
      // Each order names a payment the shop looks up: made-up ids from one client meet a 429 (per client, 10 minutes).
      await ctx.services.rateLimits.consume('order', ctx.clientKey, 'orders');
      const order = await placeOrder(ctx, ctx.services, input, orderMailSettings(ctx));
      ctx.session.orderIds = [...(ctx.session.orderIds ?? []), order.id].slice(-REMEMBERED_ORDERS);
      return order;
    }),

  // D13: the admin, or the browser that placed the order; anyone else gets the same 404 as a missing order.
  byId: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/orders/{id}', tags: ['orders'], summary: 'One order, for the browser that placed it or the admin' },
    })
    .concat(
      withInput(
        z.object({
          id: z
            .number('must be an order id')
            .int('must be an order id')
            .positive('must be an order id')
            .max(2_147_483_647, 'must be an order id')
            .describe('The order number (12, not #000012)'),
        }),
      ),
    )
    .concat(withOutput(orderOutput))
    .query(async ({ ctx, input }) => {
      const mine = ctx.session.orderIds?.includes(input.id) ?? false;
      const allowed = mine || (await isAdministrator(ctx));
      const order = allowed ? await findOrder(ctx.em, input.id) : null;
      if (!order) throw new AppError('NOT_FOUND', 'Order not found');
      return toOrderDto(order);
    }),

  // The link in the order's emails: a signed token of the order id, so the order opens on any device without the
  // cookie of the browser that ordered, and cannot be guessed for another order.
  byLink: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/order-links/{token}', tags: ['orders'], summary: 'One order, by the signed link of its emails' },
    })
    .concat(
      withInput(
        z.object({
          token: z
            .string()
            .trim()
            .min(1, 'is required')
            .max(200, 'is not an order link')
            .describe("The signed token of the order's emailed link (/orders/{token})"),
        }),
      ),
    )
    .concat(withOutput(orderOutput))
    .query(async ({ ctx, input }) => {
      const id = Number(ctx.services.orderLinks.verify(input.token));
      const order = Number.isInteger(id) && id > 0 ? await findOrder(ctx.em, id) : null;
      if (!order) throw new AppError('NOT_FOUND', 'Order not found');
      return toOrderDto(order);
    }),

  // The return from PayPal's approval page (/checkout/success?token=<id>), in whichever tab or browser it lands.
  completePayPal: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/paypal/order/{id}/complete',
        tags: ['orders'],
        summary: 'Capture an approved PayPal order and place the order its checkout kept (again: the same order)',
      },
    })
    .concat(
      withInput(
        z.object({
          id: paypalOrderIdText.describe("PayPal's order id (the token PayPal adds to /checkout/success)"),
        }),
      ),
    )
    .concat(withOutput(orderOutput))
    .mutation(async ({ ctx, input }) => {
      // A capture of the PayPal order: counted with the captures.
      await ctx.services.rateLimits.consume('paypalCapture', ctx.clientKey);
      try {
        const order = await completePayPalCheckout(ctx.em, ctx.services, input.id, orderMailSettings(ctx));
        ctx.session.orderIds = [...(ctx.session.orderIds ?? []).filter((id) => id !== order.id), order.id].slice(-REMEMBERED_ORDERS);
        return order;
      } catch (error) {
        throw error instanceof AppError || error instanceof TRPCError ? error : asPaymentError(error, 'paypal');
      }
    }),
});
