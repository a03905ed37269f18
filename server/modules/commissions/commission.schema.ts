import { z } from 'zod';
import {
  COMMISSION_BUDGET_VALUES,
  COMMISSION_LIMITS,
  COMMISSION_STATUSES,
  COMMISSION_WOOD_VALUES,
  DATE_PATTERN,
} from '../../domain/commissions';
import { idSchema } from '../../domain/ids';
import { amountInput } from '../../domain/money-input';
import { ORDER_STATUSES } from '../../domain/order-statuses';
import { CARRIERS } from '../../domain/order-transitions';
import { stateSchema } from '../../domain/states';
import {
  count,
  emailAddress,
  imageAddress,
  money,
  named,
  namedInput,
  rowId,
  timestamp,
  withPathParameters,
} from '../../contract/wire-schemas';
import { listPagingInput } from '../../contract/list-paging';
import { billingAddressInput, shippingAddressInput } from '../orders/order.schema';

// The commissions' contract (issue 37): what the buyer's request page, the buyer's signed page and the owner's
// admin send and get back, on /trpc and on the REST mirror alike.

const L = COMMISSION_LIMITS;
const text = (max: number) => z.string('is required').trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

/** A calendar date (2026-12-24) that is a real day. */
const calendarDate = z
  .string('must be a date like 2026-12-24')
  .max(10, 'must be a date like 2026-12-24')
  .regex(DATE_PATTERN, 'must be a date like 2026-12-24')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    message: 'must be a date like 2026-12-24',
  });

/** An image stored by the upload pipeline: POST /api/commissions/photos (the buyer) or /api/admin/uploads (the owner). */
export const UPLOAD_URL = /^\/uploads\/[0-9a-f]{32}\.(jpg|png|webp|gif)$/;
const uploadUrl = z
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

const wood = z.enum(COMMISSION_WOOD_VALUES, { error: `must be one of ${COMMISSION_WOOD_VALUES.join(', ')}` }).meta({
  id: 'CommissionWood',
  examples: ['walnut'],
  description: "The wood asked for: walnut, cherry, maple, oak, ash, olive, any (the turner's choice) or own (the buyer's own wood).",
});

const budget = z.enum(COMMISSION_BUDGET_VALUES, { error: `must be one of ${COMMISSION_BUDGET_VALUES.join(', ')}` }).meta({
  id: 'CommissionBudget',
  examples: ['100-250'],
  description: 'The budget range in US dollars: under-100, 100-250, 250-500, 500-1000 or over-1000.',
});

// ---- The buyer's request ----

/** The API document's example request, which the commission's example repeats. */
const REQUEST_EXAMPLE = {
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
    shipToState: stateSchema.describe('The state it ships to (for shipping and tax in the quote): GA, NC, SC, TN, FL or AL'),
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
  sourceId: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(200)
    .describe("The card's one-time token (Square's Web Payments SDK), or any id with the sandbox"),
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
  paypalOrderId: z
    .string()
    .max(60, 'must be a PayPal order id')
    .regex(/^[A-Za-z0-9_-]{1,60}$/, 'must be a PayPal order id')
    .describe('The approved PayPal order (POST /api/paypal/order for the amount due): the shop captures it'),
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

// ---- The owner's quote, updates and changes ----

export const quoteLineInput = namedInput(
  z.object({
    description: text(L.lineDescription).describe('What the line is ("Walnut salad bowl, 12 in.", "Turning your own blank")'),
    price: amountInput('The price of one'),
    quantity: z
      .number('must be a whole number')
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(1000, 'must be at most 1000')
      .default(1)
      .describe('How many, 1 to 1000 (1 when left out)'),
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
        .describe('The lines, 1 to 20'),
      weight: z
        .number('must be a weight in pounds')
        .finite('must be a weight in pounds')
        .min(0, 'must not be negative')
        .max(1000, 'is too heavy to ship')
        .describe('The packed weight in pounds: shipping is computed from it as for any order'),
      depositPercent: z
        .number('must be a percentage')
        .int('must be a whole percentage')
        .min(1, 'must be at least 1')
        .max(100, 'must be at most 100')
        .optional()
        .describe('The deposit as a percentage of the total (give this or depositAmount)'),
      depositAmount: amountInput('The deposit as an amount, at most the total (give this or depositPercent)').optional(),
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
    }),
  'CommissionQuoteInput',
  "The owner's quote: its lines, the packed weight, the deposit, the lead time and how long it holds. Shipping and tax are the server's.",
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
export type AcceptInput = z.infer<typeof commissionAcceptInput>;
export type BalanceInput = z.infer<typeof commissionBalanceInput>;

// ---- Answers ----

const quoteLineOutput = named(
  z.object({
    description: z.string().meta({ description: 'What the line is', examples: ['Walnut salad bowl, 12 in.'] }),
    price: money('The price of one', '280.00'),
    quantity: count('How many', 1),
    lineTotal: money('price x quantity', '280.00'),
  }),
  'CommissionQuoteLine',
  'A line of a quote.',
  { description: 'Walnut salad bowl, 12 in.', price: '280.00', quantity: 1, lineTotal: '280.00' },
);

const quoteExample = {
  version: 2,
  lines: [{ description: 'Walnut salad bowl, 12 in.', price: '280.00', quantity: 1, lineTotal: '280.00' }],
  weight: 4,
  subtotal: '280.00',
  shipping: '0.00',
  tax: '11.20',
  total: '291.20',
  deposit: '87.36',
  balance: '203.84',
  leadTimeDays: 42,
  validUntil: '2026-12-01',
  message: null,
  expired: false,
  createdAt: '2026-11-24T15:04:05.000Z',
};

export const quoteOutput = named(
  z.object({
    version: count('Its version: 1 for the first quote, one more for each that replaced it', 2),
    lines: z.array(quoteLineOutput).meta({ description: 'The lines' }),
    // Kept with each version, so the owner's next version starts from it rather than asking for it again.
    weight: z.number().meta({ description: 'The packed weight in pounds the shipping was computed from', examples: [4] }),
    subtotal: money('The sum of the lines', '280.00'),
    shipping: money('Shipping, computed as for any order', '0.00'),
    tax: money('Sales tax of the ship-to state', '11.20'),
    total: money('subtotal + shipping + tax', '291.20'),
    deposit: money('Paid to accept the quote', '87.36'),
    balance: money('total - deposit: paid when the piece is ready', '203.84'),
    leadTimeDays: count('Days of work once the deposit is paid', 42),
    validUntil: z.string().meta({ description: 'The last day it may be accepted', format: 'date', examples: ['2026-12-01'] }),
    message: z.string().nullable().meta({ description: "The owner's note to the buyer" }),
    expired: z.boolean().meta({ description: 'Whether its last day has passed (it can no longer be accepted)' }),
    createdAt: timestamp('When the owner sent it'),
  }),
  'CommissionQuote',
  'A quote for a commission, as one version of it.',
  quoteExample,
);
export type QuoteDto = z.infer<typeof quoteOutput>;

const updateOutput = named(
  z.object({
    id: rowId('The update id', 3),
    text: z.string().meta({ description: 'What happened' }),
    photo: imageAddress('A photo of the work', '/uploads/3f5a9c0e1b2d4f6a8e7d6c5b4a392817.jpg')
      .nullable()
      .meta({ description: 'A photo of the work, if any: a path on this site' }),
    createdAt: timestamp('When it was posted'),
  }),
  'CommissionUpdate',
  'A build-log entry.',
  { id: 3, text: 'Roughed out; drying for three weeks.', photo: null, createdAt: '2026-11-24T15:04:05.000Z' },
);

const commissionFields = z.object({
  id: rowId('The commission id', 4),
  status: commissionStatus,
  name: z.string().meta({ description: "The buyer's name", examples: ['Ada Turner'] }),
  email: emailAddress("The buyer's email"),
  purpose: z.string().meta({ description: 'What the piece is for' }),
  wood,
  size: z.string().meta({ description: 'About how big', examples: ['About 12 inches across'] }),
  budget,
  neededBy: z
    .string()
    .nullable()
    .meta({ description: 'Needed by this date, if any', format: 'date', examples: ['2026-12-20'] }),
  shipToState: stateSchema.meta({ description: 'The state it ships to', examples: ['GA'] }),
  photos: z.array(imageAddress('A reference photo', '/uploads/3f5a9c0e1b2d4f6a8e7d6c5b4a392817.jpg')).meta({
    description: "The buyer's reference photos (metadata removed)",
  }),
  quote: quoteOutput.nullable().meta({ description: 'The current quote (the latest version), if any' }),
  acceptedQuoteVersion: count('The version the buyer accepted', 2)
    .nullable()
    .meta({ description: 'The version the buyer accepted, once accepted' }),
  updates: z.array(updateOutput).meta({ description: 'The build log, oldest first' }),
  paid: money('What the buyer has paid (deposit, then balance)', '87.36'),
  refunded: money('What went back to the buyer', '0.00'),
  due: money('What the buyer is asked to pay now: the deposit of a quote, the balance of a ready piece, else 0.00', '0.00'),
  orderId: rowId('The order the accepted quote became', 12)
    .nullable()
    .meta({ description: 'The order the accepted quote became (kind commission), once accepted' }),
  orderStatus: z.enum(ORDER_STATUSES).nullable().meta({ description: "The order's status (shipping goes on as for any order)" }),
  carrier: z.enum(CARRIERS).nullable().meta({ description: 'Once shipped: the carrier' }),
  trackingNumber: z.string().nullable().meta({ description: "Once shipped: the carrier's tracking number" }),
  trackingUrl: z.string().nullable().meta({ description: "Once shipped: the carrier's tracking page", format: 'uri' }),
  createdAt: timestamp('When it was requested'),
});

const commissionExample: z.infer<typeof commissionFields> = {
  id: 4,
  status: 'accepted',
  ...REQUEST_EXAMPLE,
  quote: quoteExample,
  acceptedQuoteVersion: 2,
  updates: [{ id: 3, text: 'Roughed out; drying for three weeks.', photo: null, createdAt: '2026-11-26T15:04:05.000Z' }],
  paid: '87.36',
  refunded: '0.00',
  due: '0.00',
  orderId: 12,
  orderStatus: 'pending',
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  createdAt: '2026-11-20T15:04:05.000Z',
};

/** The buyer's page (GET /api/commissions/{token}). */
export const commissionOutput = named(
  commissionFields,
  'Commission',
  "A commission as the buyer's signed page shows it: the request, the current quote, the build log, what is paid and due.",
  commissionExample,
);
export type CommissionDto = z.infer<typeof commissionOutput>;

/** The owner's view: the buyer's, with every quote version and the owner's own notes. */
export const adminCommissionOutput = named(
  commissionFields.extend({
    quotes: z.array(quoteOutput).meta({ description: 'Every quote sent, oldest first (versions are kept)' }),
    notes: z.string().nullable().meta({ description: "The owner's own notes" }),
  }),
  'AdminCommission',
  "A commission as the owner sees it: every quote version and the owner's notes besides what the buyer sees.",
  { ...commissionExample, quotes: [quoteExample], notes: null },
);
export type AdminCommissionDto = z.infer<typeof adminCommissionOutput>;

export const commissionListInput = listPagingInput.extend({
  status: z
    .enum(COMMISSION_STATUSES, { error: `status must be one of ${COMMISSION_STATUSES.join(', ')}` })
    .describe('Only the commissions with this status')
    .optional(),
});
export type CommissionListInput = z.infer<typeof commissionListInput>;

export const commissionCountOutput = named(
  z.object({ requested: count('New requests not yet quoted (the admin badge)', 2) }),
  'CommissionCount',
  'How many commission requests wait for a quote.',
  { requested: 2 },
);
