import { randomUUID } from 'node:crypto';
import { formatCents } from '../../domain/money';
import { lastFour } from '../../domain/card';
import { publicProcedure, router } from '../../trpc/init';
import { asPaymentError } from './payment-errors';
import { capturePayPalOrder, chargeCard } from './payments.service';
import {
  paypalCaptureInput,
  paypalCaptureOutput,
  paypalOrderInput,
  paypalOrderOutput,
  processPaymentInput,
  processPaymentOutput,
} from './payments.schema';
import { publicOrigin } from '../../http/public-origin';

export const paymentsRouter = router({
  // A decline answers 200 with success false and {code, detail}, as SPEC.md's client reads it; a provider
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
    .input(processPaymentInput)
    .output(processPaymentOutput)
    .mutation(async ({ ctx, input }) => {
      try {
        const result = await chargeCard(ctx.em, ctx.services.payments, {
          sourceId: input.sourceId,
          amountCents: input.amount,
          card: input.cardData,
          billingZip: input.billingZip,
        });
        const last4 = input.cardData ? lastFour(input.cardData.cardNumber) : undefined;
        if (!result.ok) {
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
    .input(paypalOrderInput)
    .output(paypalOrderOutput)
    .mutation(async ({ ctx, input }) => {
      // PayPal's return and cancel pages.
      const origin = publicOrigin(ctx);
      try {
        return await ctx.services.payments.paypal.createOrder(
          { em: ctx.em },
          {
            amountCents: input.amount,
            requestId: randomUUID(),
            returnUrl: `${origin}/checkout/success`,
            cancelUrl: `${origin}/checkout/cancel`,
            payerEmail: input.payerEmail,
          },
        );
      } catch (error) {
        throw asPaymentError(error, 'paypal');
      }
    }),

  capturePayPalOrder: publicProcedure
    .meta({
      openapi: { method: 'POST', path: '/paypal/order/{id}/capture', tags: ['payments'], summary: 'Capture an approved PayPal order' },
    })
    .input(paypalCaptureInput)
    .output(paypalCaptureOutput)
    .mutation(async ({ ctx, input }) => {
      try {
        const capture = await capturePayPalOrder(ctx.em, ctx.services.payments, input.id);
        ctx.services.logger.info({ captureId: capture.id, paypalOrderId: input.id }, 'PayPal payment captured');
        return { id: capture.id, status: capture.status, orderId: input.id, amount: formatCents(capture.amountCents) };
      } catch (error) {
        throw asPaymentError(error, 'paypal');
      }
    }),
});
