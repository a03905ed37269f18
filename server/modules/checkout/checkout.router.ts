import { z } from 'zod';
import { centsToNumber, formatCents } from '../../domain/money';
import { amountInput, weightInput } from '../../domain/money-input';
import { stateSchema } from '../../domain/states';
import { stateTaxCents, zoneShippingCents } from '../../domain/sales-rules';
import { weightHundredths } from '../../domain/shipping';
import { publicProcedure, router, withInput, withOutput } from '../../trpc/init';
import { named, namedInput } from '../../contract/wire-schemas';
import { quoteInput, quoteOutput } from './checkout.schema';
import { quoteAnswer } from './pricing';
import { quoteCart } from './quote.service';
import { requireServed } from './sales-settings';

const state = stateSchema.describe(
  'Where it ships: a state the shop ships to (GET /api/shipping/zones; a new shop: GA, NC, SC, TN, FL or AL), else 400 STATE_NOT_SERVED',
);

/** D2: the results of the calculations are JSON numbers with two decimals at most. */
const resultAmount = (description: string, example: number) =>
  z
    .number()
    .min(0)
    .meta({ description: `${description}: US dollars as a JSON number with at most two decimals`, examples: [example] });

const shippingInput = namedInput(
  z.object({
    weight: weightInput.describe("The cart's total weight in pounds (each item's weight x its quantity): a JSON number or numeric string"),
    state,
    subtotal: amountInput('The cart subtotal, optional: from $75.00 shipping is free (D5)').optional(),
  }),
  'ShippingRequest',
  'What shipping is priced by (D5): weight, state, and the subtotal for free shipping.',
  { weight: 3.5, state: 'GA', subtotal: '45.00' },
);

const shippingOutput = named(z.object({ shippingCost: resultAmount('The shipping cost', 9.45) }), 'ShippingCost', 'Shipping for a cart.', {
  shippingCost: 9.45,
});

const taxInput = namedInput(
  z.object({ amount: amountInput('The amount taxed (the subtotal; shipping is not taxed)'), state }),
  'TaxRequest',
  'An amount and the state whose sales-tax rate applies (D6).',
  { amount: '45.00', state: 'GA' },
);

const taxOutput = named(
  z.object({ taxAmount: resultAmount('The sales tax, rounded half up to the cent', 1.8) }),
  'TaxAmount',
  'Sales tax on an amount.',
  {
    taxAmount: 1.8,
  },
);

export const checkoutRouter = router({
  // docs/product.md section 7 with D5's optional subtotal; the result is a number with two decimals (D2).
  shipping: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/shipping/calculate', tags: ['checkout'], summary: 'Shipping cost for a weight (D5)' } })
    .concat(withInput(shippingInput))
    .concat(withOutput(shippingOutput))
    .mutation(async ({ ctx, input }) => {
      // D39: the state's zone of the owner's settings (a new shop's is D5's formula for SPEC's six).
      const zone = requireServed(await ctx.services.salesSettings.rules(ctx.db), input.state, 'state');
      const weight = weightHundredths(input.weight);
      return { shippingCost: centsToNumber(zoneShippingCents(zone, { weightHundredths: weight, subtotalCents: input.subtotal })) };
    }),

  tax: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/tax/calculate', tags: ['checkout'], summary: 'Sales tax on an amount (D6)' } })
    .concat(withInput(taxInput))
    .concat(withOutput(taxOutput))
    .mutation(async ({ ctx, input }) => {
      const rules = await ctx.services.salesSettings.rules(ctx.db);
      requireServed(rules, input.state, 'state');
      return { taxAmount: centsToNumber(stateTaxCents(rules, input.state, input.amount)) };
    }),

  // D9: the checkout asks this before taking money, and shows what changed.
  quote: publicProcedure
    .meta({
      openapi: { method: 'POST', path: '/checkout/quote', tags: ['checkout'], summary: 'Price a cart from current prices and stock' },
    })
    .concat(withInput(quoteInput))
    .concat(withOutput(quoteOutput))
    .mutation(async ({ ctx, input }) => {
      const rules = await ctx.services.salesSettings.rules(ctx.db);
      if (input.state) requireServed(rules, input.state, 'state');
      const quote = await quoteCart(
        ctx.db,
        input.items.map((item) => ({ ...item, price: item.price === undefined ? undefined : formatCents(item.price) })),
        input.state,
        rules,
        input.discountCode,
      );
      return quoteAnswer(quote);
    }),
});
