import { z } from 'zod';
import { amountInput } from '../../domain/money-input';
import { count, money, named, namedInput, rowId, timestamp } from '../../contract/wire-schemas';
import { productIdInput, quantityInput, variantIdInput } from '../checkout';

// The owner's refunds of an order on the wire: the body of POST /api/orders/{id}/refunds and what it and
// GET /api/admin/orders/{id}/refunds answer (order-refunds.service.ts makes a refund,
// order-refund-history.ts reads them back).

export const refundInput = namedInput(
  z.object({
    amount: amountInput('How much to give back, at most what is left to refund of the order').refine(
      (cents) => cents > 0,
      'must be more than 0.00',
    ),
    reason: z
      .string('is required')
      .trim()
      .min(1, 'is required')
      .max(500, 'must be at most 500 characters')
      .describe("Why: kept in the order's history (the customer does not see it)"),
    restock: z
      .array(
        z.object({ productId: productIdInput, variantId: variantIdInput, quantity: quantityInput }),
        'must be a list of {productId, quantity}',
      )
      .max(50, 'has too many lines')
      .optional()
      .describe("The order's lines to put back in stock, and how many of each (none when left out)"),
  }),
  'OrderRefundInput',
  "A refund of part or all of an order's payments: any amount up to what they took and refunds have not.",
  { amount: '12.50', reason: 'One coaster arrived cracked', restock: [{ productId: 7, quantity: 1 }] },
);

const restockLine = named(
  z.object({
    productId: rowId('The product', 7),
    variantId: rowId('Its variant (products with options only)', 31).optional(),
    quantity: count('How many were put back in stock', 1),
  }),
  'RestockLine',
  'Units of an order line put back in stock by a refund.',
  { productId: 7, quantity: 1 },
);

// The API document's examples: one refund and the order's money after it, the same in each answer that shows them.
const refundExample = {
  id: 3,
  orderId: 12,
  amount: '12.50',
  reason: 'One coaster arrived cracked',
  restock: [{ productId: 7, quantity: 1 }],
  status: 'refunded' as const,
  createdAt: '2026-11-27T10:00:00.000Z',
};
const moneyExample = { paid: '47.79', refunded: '12.50', refundable: '35.29' };

export const refundOutput = named(
  z.object({
    id: rowId('The refund', 3),
    orderId: rowId('Its order', 12),
    amount: money('What goes back to the customer', '12.50'),
    reason: z.string().meta({ description: "The owner's reason", examples: ['One coaster arrived cracked'] }),
    restock: z.array(restockLine).meta({ description: 'What it put back in stock' }),
    status: z.enum(['pending', 'refunded']).meta({
      description:
        'refunded once the payment provider has given the money back; pending while it has not answered (the shop ' +
        'sends it again on its own with the same idempotency key: never refund it a second time)',
      examples: ['refunded'],
    }),
    createdAt: timestamp('When the owner refunded it'),
  }),
  'OrderRefund',
  'A refund of an order, as its history keeps it.',
  refundExample,
);

const moneyShape = {
  paid: money("What the order's payments took (a commission's deposit and balance together)", moneyExample.paid),
  refunded: money('What refunds took of it, done or on their way', moneyExample.refunded),
  refundable: money('What is left to refund', moneyExample.refundable),
};

export const refundResultOutput = named(
  z.object({ refund: refundOutput, ...moneyShape }),
  'OrderRefundResult',
  'The refund just made, and the order’s money after it.',
  { refund: refundExample, ...moneyExample },
);

export const orderRefundsOutput = named(
  z.object({
    orderId: rowId('The order', 12),
    ...moneyShape,
    refunds: z.array(refundOutput).meta({ description: 'Its refunds, oldest first (a cancel or a whole refund is one too)' }),
  }),
  'OrderRefunds',
  "An order's money: what it took, what went back, what is left, and each refund.",
  { orderId: 12, ...moneyExample, refunds: [refundExample] },
);
