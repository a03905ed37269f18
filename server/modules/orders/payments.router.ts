import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { formatCents } from '../../domain/money';
import { lastFour } from '../../domain/card';
import { publicProcedure, router, withInput, withOutput } from '../../trpc/init';
import { cardFormSettings, asPaymentError, capturePayPalOrder, chargeCard } from '../payments';
import { requireShopPayPalOrder, savePayPalCheckout } from './paypal-checkout';
import { AppError } from '../../trpc/errors';
import {
  cardFormOutput,
  paypalCaptureInput,
  paypalCaptureOutput,
  paypalOrderInput,
  paypalOrderOutput,
  processPaymentInput,
  processPaymentOutput,
} from './payments.schema';
import { publicOrigin } from '../../contract/public-origin';
import { ORDER_PURPOSE, purposeOfReturnPath } from '../../domain/payment-purpose';

export const paymentsRouter = router({
  // Which card form the checkout shows, and the public ids Square's fields need (no secret: the browser sends
  // them to Square anyway).
  cardForm: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/payments/card-form', tags: ['payments'], summary: 'Which card form the checkout shows' } })
    .concat(withInput(z.void()))
    .concat(withOutput(cardFormOutput))
    .query(({ ctx }) => cardFormSettings(ctx.config)),

  // A decline answers 200 with success false and {code, detail}, as docs/product.md's client reads it; a provider
  // that cannot be reached is a 503.
  processCardPayment: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/square/process-payment',
        tags: ['payments'],
        summary: 'Charge a card (a decline is 200 with success false)',
      },
    })
    .concat(withInput(processPaymentInput))
    .concat(withOutput(processPaymentOutput))
    .mutation(async ({ ctx, input }) => {
      // Card testing (trying stolen numbers one after another) is stopped per client, across instances.
      await ctx.services.rateLimits.consume('cardPayment', ctx.clientKey);
      // And per card and shop-wide, by declines (card-limits.ts).
      const fingerprint = await ctx.services.cardLimits.admit(input.cardData);
      try {
        const result = await chargeCard(
          ctx,
          ctx.services.payments,
          {
            sourceId: input.sourceId,
            amountCents: input.amount,
            card: input.cardData,
            billingZip: input.billingZip,
          },
          ORDER_PURPOSE,
        );
        const last4 = input.cardData ? lastFour(input.cardData.cardNumber) : undefined;
        if (!result.ok) {
          await ctx.services.cardLimits.declined(ctx.clientKey, fingerprint ?? result.fingerprint);
          ctx.services.logger.info({ code: result.code, last4 }, 'card payment declined');
          return { success: false, error: { code: result.code, detail: result.detail } };
        }
        ctx.services.logger.info(
          { paymentId: result.payment.id, last4, amount: formatCents(result.payment.amountCents) },
          'card payment completed',
        );
        const { id, status, amountCents } = result.payment;
        return { success: true, payment: { id, status, amount: formatCents(amountCents) } };
      } catch (error) {
        throw asPaymentError(error, 'card');
      }
    }),

  createPayPalOrder: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/paypal/order', tags: ['payments'], summary: 'Create a PayPal order' } })
    .concat(withInput(paypalOrderInput))
    .concat(withOutput(paypalOrderOutput))
    .mutation(async ({ ctx, input }) => {
      if (input.checkout && input.checkout.total !== input.amount) {
        throw new AppError('VALIDATION_FAILED', 'checkout.total: must be the amount of the PayPal order');
      }
      // A checkout is completed by /checkout/success only: returned anywhere else it would be paid and never placed.
      if (input.checkout && input.returnPath !== '/checkout/success') {
        throw new AppError('VALIDATION_FAILED', 'returnPath: must be /checkout/success for a checkout');
      }
      // What the order pays (D35), from the page it returns to: a checkout's order, or the payment a commission's link names.
      const purpose = purposeOfReturnPath(input.returnPath, (token) => ctx.services.orderLinks.verify(token));
      if (!purpose)
        throw new AppError('VALIDATION_FAILED', "returnPath: names no commission of this shop (the page's link is forged or expired)");
      await ctx.services.rateLimits.consume('paypalOrder', ctx.clientKey);
      // PayPal's return and cancel pages.
      const origin = publicOrigin(ctx);
      let order;
      try {
        order = await ctx.services.payments.paypal.createOrder(ctx, {
          amountCents: input.amount,
          requestId: randomUUID(),
          returnUrl: `${origin}${input.returnPath}`,
          // A commission's buyer who cancels goes back to the commission's page (nothing paid), not the checkout's.
          cancelUrl: input.returnPath === '/checkout/success' ? `${origin}/checkout/cancel` : `${origin}${input.returnPath.split('?')[0]}`,
          payerEmail: input.payerEmail,
        });
      } catch (error) {
        throw asPaymentError(error, 'paypal');
      }
      // The order is noted as the shop's (only such an order is captured, D28). When the buyer leaves for PayPal,
      // what the order needs waits here too, not only in the tab they leave from.
      await savePayPalCheckout(ctx.em, order.id, (order.approveUrl && input.checkout) || null, input.amount, purpose);
      return order;
    }),

  capturePayPalOrder: publicProcedure
    .meta({
      openapi: { method: 'POST', path: '/paypal/order/{id}/capture', tags: ['payments'], summary: 'Capture an approved PayPal order' },
    })
    .concat(withInput(paypalCaptureInput))
    .concat(withOutput(paypalCaptureOutput))
    .mutation(async ({ ctx, input }) => {
      // Each capture asks PayPal about an order id: counted per client like the payments.
      await ctx.services.rateLimits.consume('paypalCapture', ctx.clientKey);
      // Only an order made for a checkout is captured here: a commission's is captured by its own accept or balance.
      const made = await requireShopPayPalOrder(ctx.em, input.id, ORDER_PURPOSE);
      try {
        const capture = await capturePayPalOrder(ctx.em, ctx.services.payments, input.id, made);
        ctx.services.logger.info({ captureId: capture.id, paypalOrderId: input.id }, 'PayPal payment captured');
        return { id: capture.id, status: capture.status, orderId: input.id, amount: formatCents(capture.amountCents) };
      } catch (error) {
        throw asPaymentError(error, 'paypal');
      }
    }),
});
