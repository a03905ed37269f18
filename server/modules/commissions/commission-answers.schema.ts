import { z } from 'zod';
import { COMMISSION_STATUSES } from '../../domain/commissions';
import { ORDER_STATUSES } from '../../domain/order-statuses';
import { CARRIERS } from '../../domain/order-transitions';
import { stateSchema } from '../../domain/states';
import { count, emailAddress, imageAddress, money, named, rowId, timestamp } from '../../contract/wire-schemas';
import { listPagingInput } from '../../contract/list-paging';
import { budget, commissionStatus, REQUEST_EXAMPLE, wood } from './commission.schema';

// What the commissions' calls answer: the buyer's page, the owner's view, the list's paging and the badge's count.

const quoteLineOutput = named(
  z.object({
    description: z.string().meta({ description: 'What the line is', examples: ['Walnut salad bowl, 12 in.'] }),
    price: money('The price of one', '280.00'),
    quantity: count('How many', 1),
    lineTotal: money('price x quantity', '280.00'),
    productId: rowId('The product of the shop the line is, made to order (D38); only on such a line', 3).optional(),
    variantId: rowId("The product's variant the line is (products with options only)", 31).optional(),
    variant: z
      .string()
      .optional()
      .meta({ description: "The variant's title when quoted (products with options only)", examples: ['Walnut / Large'] }),
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
  discountCode: null,
  discount: '0.00',
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
    shipping: money('Shipping: computed as for any order, or set by hand by the owner', '0.00'),
    discountCode: z
      .string()
      .nullable()
      .meta({ description: 'The discount code the owner put on the quote (D40), or null', examples: ['FAIR10'] }),
    discount: money(
      'What the discount code takes off the total (off the goods, or the shipping for a free-shipping code); 0.00 without one',
      '0.00',
    ),
    tax: money('Sales tax of the ship-to state, on the goods after the discount', '11.20'),
    total: money('subtotal - discount + shipping + tax', '291.20'),
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
