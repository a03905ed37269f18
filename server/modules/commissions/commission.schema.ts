import { z } from 'zod';
import {
  COMMISSION_BUDGET_VALUES,
  COMMISSION_LIMITS,
  COMMISSION_STATUSES,
  COMMISSION_WOOD_VALUES,
  DATE_PATTERN,
} from '../../domain/commissions';
import { amountInput } from '../../domain/money-input';
import { stateSchema } from '../../domain/states';
import { named, namedInput, rowId, withPathParameters } from '../../contract/wire-schemas';
import { billingAddressInput, cardSourceId, paypalOrderIdText, shippingAddressInput } from '../orders';

// The commissions' contract (issue 37): what the buyer's request page, the buyer's signed page and the owner's
// admin send and get back, on /trpc and on the REST mirror alike. Here the fields they share and what the buyer
// sends; the owner's inputs are in commission-owner.schema.ts, the answers in commission-answers.schema.ts.

const L = COMMISSION_LIMITS;
export const text = (max: number) => z.string('is required').trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

/** A calendar date (2026-12-24) that is a real day. */
export const calendarDate = z
  .string('must be a date like 2026-12-24')
  .max(10, 'must be a date like 2026-12-24')
  .regex(DATE_PATTERN, 'must be a date like 2026-12-24')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    message: 'must be a date like 2026-12-24',
  });

/** An image stored by the upload pipeline: POST /api/commissions/photos (the buyer) or /api/admin/uploads (the owner). */
export const UPLOAD_URL = /^\/uploads\/[0-9a-f]{32}\.(jpg|png|webp|gif)$/;
export const uploadUrl = z
  .string('must be the url an upload answered')
  .max(60, 'must be the url an upload answered')
  .regex(UPLOAD_URL, 'must be the url an upload answered (/uploads/<name>)');

/** The signed link's token, from the path. */
export const commissionToken = z
  .string('is required')
  .trim()
  .min(1, 'is required')
  .max(100, 'is not a commission link')
  .describe("The token of the commission's emailed link (/commissions/{token})");

export const commissionStatus = z.enum(COMMISSION_STATUSES).meta({
  id: 'CommissionStatus',
  examples: ['quoted'],
  description:
    'Where a commission is: requested (waiting for a quote), quoted (a quote waits for the buyer), accepted (deposit paid, being made), ready (finished, balance due), paid (balance paid: the order ships as any order), cancelled.',
});

export const wood = z.enum(COMMISSION_WOOD_VALUES, { error: `must be one of ${COMMISSION_WOOD_VALUES.join(', ')}` }).meta({
  id: 'CommissionWood',
  examples: ['walnut'],
  description: "The wood asked for: walnut, cherry, maple, oak, ash, olive, any (the turner's choice) or own (the buyer's own wood).",
});

export const budget = z.enum(COMMISSION_BUDGET_VALUES, { error: `must be one of ${COMMISSION_BUDGET_VALUES.join(', ')}` }).meta({
  id: 'CommissionBudget',
  examples: ['100-250'],
  description: 'The budget range in US dollars: under-100, 100-250, 250-500, 500-1000 or over-1000.',
});

// ---- The buyer's request ----

/** The API document's example request, which the commission's example repeats. */
export const REQUEST_EXAMPLE = {
  name: 'Ada Turner',
  email: 'ada@example.com',
  purpose: 'A salad bowl for my parents, from the walnut that fell in their yard',
  wood: 'own' as const,
  size: 'About 12 inches across',
  budget: '250-500' as const,
  neededBy: '2026-12-20',
  shipToState: 'GA' as const,
  photos: ['/uploads/3f5a9c0e1b2d4f6a8e7d6c5b4a392817.jpg'],
};

export const commissionRequestInput = namedInput(
  z.object({
    name: text(L.name).describe("The buyer's name"),
    email: z.email('must be an email address').max(L.email).describe('Where the acknowledgement, the quote and the updates go'),
    purpose: text(L.purpose).describe('What the piece is for, in the buyer\'s words ("a wedding present: twelve coasters")'),
    wood,
    size: text(L.size).describe('About how big ("10 inches across", "coaster size")'),
    budget,
    neededBy: calendarDate.nullish().describe('The date it is needed by, if any (2026-12-24)'),
    shipToState: stateSchema.describe(
      'The state it ships to (for shipping and tax in the quote): one the shop ships to (GET /api/shipping/zones), else 400 STATE_NOT_SERVED',
    ),
    photos: z
      .array(uploadUrl)
      .max(L.photos, `must be at most ${L.photos} photos`)
      .refine((photos) => new Set(photos).size === photos.length, 'lists a photo twice')
      .default([])
      .describe('Up to 4 reference photos, each the url POST /api/commissions/photos answered'),
  }),
  'CommissionRequestInput',
  'A piece to turn to order, as the buyer describes it.',
  REQUEST_EXAMPLE,
);
export type CommissionRequestInput = z.infer<typeof commissionRequestInput>;

export const commissionRequestedOutput = named(
  z.object({
    id: rowId('The commission id', 4),
    token: z.string().meta({ description: "The token of the buyer's page, /commissions/{token} (also emailed)", examples: ['q3B8f0...'] }),
  }),
  'CommissionRequested',
  "The request is kept; the buyer is emailed its page's link and the owner is told.",
  { id: 4, token: 'bA1x2Qm0dO3hU8vS9k7Lw4rT6yP5nJcZeGfVgHiKjMo' },
);

// ---- Payment (the deposit, the balance) ----

const cardPayment = z.object({
  method: z.literal('square').describe("A card, through the card form (sandbox) or Square's fields"),
  sourceId: cardSourceId,
  billingZip: z.string().trim().max(10).optional().describe('The billing ZIP code, for address verification'),
  cardData: z
    .object({
      cardNumber: z.string().max(23).describe('The card number'),
      expiryDate: z.string().max(7).describe('MM/YY'),
      cvv: z.string().max(4).describe('The 3 or 4 digits on the card'),
      cardholderName: z.string().max(100).describe('The name on the card'),
    })
    .optional()
    .describe("docs/product.md's card form: read only by the sandbox, never stored (D10)"),
});

const paypalPayment = z.object({
  method: z.literal('paypal').describe('PayPal'),
  paypalOrderId: paypalOrderIdText.describe('The approved PayPal order (POST /api/paypal/order for the amount due): the shop captures it'),
});

export const commissionPaymentInput = namedInput(
  z.discriminatedUnion('method', [cardPayment, paypalPayment], { error: 'method must be square or paypal' }),
  'CommissionPayment',
  'How the buyer pays what is due: a card token (the shop charges it) or an approved PayPal order (the shop captures it).',
  { method: 'square', sourceId: 'cnon:card-nonce-ok', billingZip: '30601' },
);
export type CommissionPaymentInput = z.infer<typeof commissionPaymentInput>;

const tokenPath = { token: commissionToken };

export const commissionAcceptBody = namedInput(
  z.object({
    quoteVersion: z
      .number('must be a quote version')
      .int('must be a quote version')
      .min(1, 'must be a quote version')
      .max(10_000, 'must be a quote version')
      .describe('The version of the quote the buyer accepts (409 QUOTE_REPLACED when a newer one exists)'),
    amount: amountInput("The deposit the buyer saw and pays (400 when it is not the quote's deposit)"),
    payment: commissionPaymentInput,
    shippingAddress: shippingAddressInput,
    billingAddress: billingAddressInput,
  }),
  'CommissionAcceptInput',
  'The buyer accepts a quote and pays its deposit, once: a second accept answers the same commission or 409.',
  {
    quoteVersion: 2,
    amount: '90.00',
    payment: { method: 'square', sourceId: 'cnon:card-nonce-ok', billingZip: '30601' },
    shippingAddress: { address: '12 College Ave', city: 'Athens', state: 'GA', zipCode: '30601', phone: '706-555-0142' },
    billingAddress: { address: '12 College Ave', city: 'Athens', state: 'GA', zipCode: '30601' },
  },
);
export const commissionAcceptInput = withPathParameters(commissionAcceptBody, tokenPath);

export const commissionBalanceBody = namedInput(
  z.object({
    amount: amountInput('The balance the buyer saw and pays (400 when it is not the balance due)'),
    payment: commissionPaymentInput,
  }),
  'CommissionBalanceInput',
  'The buyer pays the balance of a finished piece, once.',
  { amount: '210.00', payment: { method: 'square', sourceId: 'cnon:card-nonce-ok', billingZip: '30601' } },
);
export const commissionBalanceInput = withPathParameters(commissionBalanceBody, tokenPath);
export type AcceptInput = z.infer<typeof commissionAcceptInput>;
export type BalanceInput = z.infer<typeof commissionBalanceInput>;
