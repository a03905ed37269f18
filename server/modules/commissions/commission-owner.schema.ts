import { z } from 'zod';
import { COMMISSION_LIMITS } from '../../domain/commissions';
import { idSchema, MAX_ID } from '../../domain/ids';
import { formatCents } from '../../domain/money';
import { amountInput, MAX_CENTS } from '../../domain/money-input';
import { namedInput, withPathParameters } from '../../contract/wire-schemas';
import { discountCodeInput } from '../checkout';
import { calendarDate, text, uploadUrl } from './commission.schema';

// What the owner sends from the admin: a quote, a build-log entry, a change of state or notes.

const L = COMMISSION_LIMITS;

/**
 * The most a quote's figure may be (each line, the subtotal, the total, the deposit, the balance): what one payment,
 * the buyer's accept or balance, may take (the money inputs' cap, 999999.99), so every quote saved can be paid.
 * Each line and the subtotal are checked here; the total (with shipping and tax), deposit and balance in `quoteFigures`.
 */
export const QUOTE_MAX_CENTS = MAX_CENTS;
const QUOTE_MAX = formatCents(QUOTE_MAX_CENTS);

/** An amount of a quote, its maximum shown in the API document (as a JSON number's; the text form is refused above it). */
const quoteAmount = (what: string) =>
  amountInput(what).meta({
    override: ({ jsonSchema }) => {
      jsonSchema.examples = ['45.00'];
      // New branches, not the rendered ones changed: those are shared with every other amount of the document.
      jsonSchema.anyOf = jsonSchema.anyOf?.map((branch) =>
        typeof branch === 'object' && branch.type === 'number' ? { ...branch, maximum: QUOTE_MAX_CENTS / 100 } : branch,
      );
    },
  });

/** A row id a line may name (a product, a variant), refused with the field's own message. */
const rowIdInput = (what: string) =>
  z.number(`must be a ${what} id`).int(`must be a ${what} id`).positive(`must be a ${what} id`).max(MAX_ID, `must be a ${what} id`);

export const quoteLineInput = namedInput(
  z
    .object({
      description: text(L.lineDescription).describe('What the line is ("Walnut salad bowl, 12 in.", "Turning your own blank")'),
      price: quoteAmount(`The price of one, at most ${QUOTE_MAX}`),
      quantity: z
        .number('must be a whole number')
        .int('must be a whole number')
        .min(1, 'must be at least 1')
        .max(1000, 'must be at most 1000')
        .default(1)
        .describe(`How many, 1 to 1000 (1 when left out); price x quantity at most ${QUOTE_MAX}`),
      productId: rowIdInput('product')
        .optional()
        .describe(
          'A product of the shop the line is (D38), made to order: no stock is taken. Optional; 400 VALIDATION_FAILED when it is not in the shop',
        ),
      variantId: rowIdInput('variant')
        .optional()
        .describe(
          "The product's variant (D38), with productId: required when the product has options (400 VARIANT_REQUIRED), refused otherwise or for another product's (400 VARIANT_UNKNOWN)",
        ),
    })
    .superRefine((line, check) => {
      if (line.variantId !== undefined && line.productId === undefined) {
        check.addIssue({ code: 'custom', path: ['variantId'], message: 'names a variant: name its product (productId) too' });
      }
      // A price beyond the cap is named by the price's own check.
      const lineTotal = line.price * line.quantity;
      if (line.price <= QUOTE_MAX_CENTS && lineTotal > QUOTE_MAX_CENTS) {
        check.addIssue({
          code: 'custom',
          path: ['quantity'],
          message: `makes the line ${formatCents(lineTotal)}, more than the ${QUOTE_MAX} a quote may total (the most one payment may take)`,
        });
      }
    }),
  'CommissionQuoteLineInput',
  'A line of a quote.',
  { description: 'Walnut salad bowl, 12 in., food-safe oil finish', price: '280.00', quantity: 1 },
);

export const quoteBody = namedInput(
  z
    .object({
      lines: z
        .array(quoteLineInput)
        .min(1, 'the quote has no lines')
        .max(L.quoteLines, `has more than ${L.quoteLines} lines`)
        .describe(`The lines, 1 to 20; together, with shipping and tax, at most ${QUOTE_MAX} (the most one payment may take)`),
      weight: z
        .number('must be a weight in pounds')
        .finite('must be a weight in pounds')
        .min(0, 'must not be negative')
        .max(1000, 'is too heavy to ship')
        .describe('The packed weight in pounds: shipping is computed from it as for any order'),
      shipping: quoteAmount(
        "Shipping set by hand, replacing the one computed from the weight by the shop's shipping zone (optional; required when the shop no longer ships to the commission's state)",
      ).optional(),
      discountCode: discountCodeInput.describe(
        "A discount code of the shop's (D40), any case, the owner's choice: taken off the goods before tax as at the checkout (a free-shipping code waives shipping); checked when the quote is sent, refused with DISCOUNT_UNKNOWN, DISCOUNT_EXPIRED, DISCOUNT_USED_UP or DISCOUNT_MINIMUM; its use is counted when the buyer pays the deposit",
      ),
      depositPercent: z
        .number('must be a percentage')
        .int('must be a whole percentage')
        .min(1, 'must be at least 1')
        .max(100, 'must be at most 100')
        .optional()
        .describe('The deposit as a percentage of the total (give this or depositAmount)'),
      depositAmount: quoteAmount('The deposit as an amount, at most the total (give this or depositPercent)').optional(),
      leadTimeDays: z
        .number('must be a number of days')
        .int('must be a whole number of days')
        .min(1, 'must be at least 1 day')
        .max(L.leadTimeDays, `must be at most ${L.leadTimeDays} days`)
        .describe('How long the work takes once the deposit is paid, in days (the admin may enter weeks: 7 days each)'),
      validUntil: calendarDate.describe('The last day the buyer may accept this quote (2026-12-01); from today on'),
      message: z.string().trim().max(L.quoteMessage).optional().describe('A note to the buyer, shown with the quote'),
    })
    .superRefine((quote, check) => {
      const given = Number(quote.depositPercent !== undefined) + Number(quote.depositAmount !== undefined);
      if (given !== 1) check.addIssue({ code: 'custom', path: ['depositPercent'], message: 'give either depositPercent or depositAmount' });
      // Named here only when no line is named by its own check.
      const subtotal = quote.lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
      if (subtotal > QUOTE_MAX_CENTS && quote.lines.every((line) => line.price * line.quantity <= QUOTE_MAX_CENTS)) {
        check.addIssue({
          code: 'custom',
          path: ['lines'],
          message: `add up to ${formatCents(subtotal)}, more than the ${QUOTE_MAX} a quote may total (the most one payment may take)`,
        });
      }
    }),
  'CommissionQuoteInput',
  "The owner's quote: its lines, the packed weight (or shipping set by hand), the deposit, the lead time and how long it holds. Tax, and shipping unless set by hand, are the server's.",
  {
    lines: [{ description: 'Walnut salad bowl, 12 in., food-safe oil finish', price: '280.00', quantity: 1 }],
    weight: 4,
    depositPercent: 30,
    leadTimeDays: 42,
    validUntil: '2026-12-01',
    message: 'Your walnut will make a lovely bowl.',
  },
);

export const updateBody = namedInput(
  z.object({
    text: text(L.updateText).describe('What happened ("Roughed out and drying for three weeks")'),
    photo: uploadUrl.optional().describe('A photo of the work, the url POST /api/admin/uploads answered'),
  }),
  'CommissionUpdateInput',
  'A build-log entry: emailed to the buyer, shown on their page, sent as the commission.updated webhook.',
  { text: 'Roughed out today; it dries for three weeks before the final turning.', photo: '/uploads/3f5a9c0e1b2d4f6a8e7d6c5b4a392817.jpg' },
);

export const changeBody = namedInput(
  z.object({
    status: z
      .enum(['ready', 'cancelled'], { error: 'status must be ready or cancelled' })
      .optional()
      .describe('ready: the piece is finished and the buyer is asked for the balance; cancelled: the commission is closed'),
    refundAmount: amountInput(
      'When cancelling after the deposit: how much of it goes back (the agreed part; 0.00 keeps it all; at most what was paid)',
    ).optional(),
    notes: z.string().trim().max(L.notes).optional().describe("The owner's own notes (never shown to the buyer)"),
  }),
  'CommissionChange',
  'Marks the piece ready, cancels the commission (refunding the agreed part of a paid deposit), or keeps notes.',
  { status: 'ready', notes: 'Finished: oiled twice' },
);

const idPath = { id: idSchema.describe('The commission id') };
export const commissionIdInput = z.object(idPath);
export const quoteInput = withPathParameters(quoteBody, idPath);
export const updateInput = withPathParameters(updateBody, idPath);
export const changeInput = withPathParameters(changeBody, idPath);
export type QuoteInput = z.infer<typeof quoteInput>;
export type UpdateInput = z.infer<typeof updateInput>;
export type ChangeInput = z.infer<typeof changeInput>;
