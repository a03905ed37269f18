import { z } from 'zod';
import { centsToNumber, formatCents } from '../../domain/money';
import { amountCentsInput, weightInput } from '../../domain/money-input';
import { shippingCents } from '../../domain/shipping';
import { stateSchema } from '../../domain/states';
import { taxCents } from '../../domain/tax';
import { publicProcedure, router } from '../../trpc/init';
import { quoteInput, quoteOutput } from './checkout.schema';
import { quoteCart } from './quote.service';

export const checkoutRouter = router({
  // SPEC.md section 7 with D5's optional subtotal; the result is a number with two decimals (D2).
  shipping: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/shipping/calculate', tags: ['checkout'], summary: 'Shipping cost for a weight (D5)' } })
    .input(z.object({ weight: weightInput, state: stateSchema, subtotal: amountCentsInput.optional() }))
    .output(z.object({ shippingCost: z.number() }))
    .mutation(({ input }) => ({
      shippingCost: centsToNumber(shippingCents({ weightLb: input.weight, subtotalCents: input.subtotal })),
    })),

  tax: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/tax/calculate', tags: ['checkout'], summary: 'Sales tax on an amount (D6)' } })
    .input(z.object({ amount: amountCentsInput, state: stateSchema }))
    .output(z.object({ taxAmount: z.number() }))
    .mutation(({ input }) => ({ taxAmount: centsToNumber(taxCents(input.amount, input.state)) })),

  // D9: the checkout asks this before taking money, and shows what changed.
  quote: publicProcedure
    .meta({
      openapi: { method: 'POST', path: '/checkout/quote', tags: ['checkout'], summary: 'Price a cart from current prices and stock' },
    })
    .input(quoteInput)
    .output(quoteOutput)
    .mutation(async ({ ctx, input }) => {
      const quote = await quoteCart(
        ctx.em,
        input.items.map((item) => ({ ...item, price: item.price === undefined ? undefined : formatCents(item.price) })),
        input.state,
      );
      return {
        lines: quote.lines,
        problems: quote.problems,
        subtotal: formatCents(quote.subtotalCents),
        shipping: formatCents(quote.shippingCents),
        tax: formatCents(quote.taxCents),
        total: formatCents(quote.totalCents),
        weight: formatCents(quote.weightHundredths),
      };
    }),
});
