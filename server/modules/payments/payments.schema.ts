import { z } from 'zod';
import { amountCentsInput } from '../../domain/money-input';
import { orderDetailsInput } from '../orders/order.schema';

const positiveAmount = amountCentsInput.refine((cents) => cents > 0, 'must be more than 0.00');

// SPEC.md section 7. cardData is accepted for compatibility and only the sandbox reads it (D10).
export const processPaymentInput = z.object({
  sourceId: z.string().trim().min(1, 'is required').max(200),
  amount: positiveAmount,
  cardData: z
    .object({
      cardNumber: z.string().max(23),
      expiryDate: z.string().max(7),
      cvv: z.string().max(4),
      cardholderName: z.string().max(100),
    })
    .optional(),
  /** The billing postal code, for address verification (the sandbox's 99999 fails it). */
  billingZip: z.string().trim().max(10).optional(),
});

export const processPaymentOutput = z.object({
  success: z.boolean(),
  payment: z.object({ id: z.string(), status: z.string(), amount: z.string() }).optional(),
  error: z.object({ code: z.string(), detail: z.string() }).optional(),
});

export const paypalOrderInput = z.object({
  amount: positiveAmount,
  currency: z.literal('USD', 'must be USD').default('USD'),
  intent: z.literal('CAPTURE', 'must be CAPTURE').default('CAPTURE'),
  /** The buyer's email; the sandbox reads its documented test addresses from it. */
  payerEmail: z.email('must be an email address').max(254).optional(),
  /**
   * The order to place once the buyer approves at PayPal (the shop's checkout sends it): kept by the server under
   * PayPal's order id, so the return completes it in any tab or browser. Its total must be the amount.
   */
  checkout: orderDetailsInput.optional(),
});

export const paypalOrderOutput = z.object({ id: z.string(), status: z.string(), approveUrl: z.string().optional() });

export const paypalCaptureInput = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,60}$/, 'must be a PayPal order id'),
});

export const paypalCaptureOutput = z.object({
  /** The capture id: what an order is paid with. */
  id: z.string(),
  status: z.string(),
  orderId: z.string(),
  amount: z.string(),
});

export const cardFormOutput = z.object({
  /** sandbox: SPEC.md's card form; square: Square's Web Payments SDK fields; unavailable: no card payments. */
  form: z.enum(['sandbox', 'square', 'unavailable']),
  /** Square's public application id and location id (square only). */
  applicationId: z.string().optional(),
  locationId: z.string().optional(),
});
