import { z } from 'zod';
import { amountInput } from '../../domain/money-input';
import { money, named, namedInput } from '../../contract/wire-schemas';
import { orderDetailsInput } from './order.schema';

const positiveAmount = (what: string) => amountInput(what).refine((cents) => cents > 0, 'must be more than 0.00');

const cardData = namedInput(
  z.object({
    cardNumber: z.string().max(23).describe('The card number, digits grouped by spaces as typed'),
    expiryDate: z.string().max(7).describe('MM/YY'),
    cvv: z.string().max(4).describe('The 3 or 4 digits on the card'),
    cardholderName: z.string().max(100).describe('The name on the card'),
  }),
  'CardData',
  "docs/product.md's card form. Accepted for compatibility; only the sandbox reads it, and no part is stored beyond the last four digits (D10).",
  { cardNumber: '4111 1111 1111 1111', expiryDate: '12/29', cvv: '123', cardholderName: 'Ada Lovelace' },
);

/** The card's one-time token, as the checkout and a commission's payment take it. */
export const cardSourceId = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(200)
  .describe("The card's one-time token (Square's Web Payments SDK), or any id with the sandbox");

// docs/product.md section 7. cardData is accepted for compatibility and only the sandbox reads it (D10).
export const processPaymentInput = namedInput(
  z.object({
    sourceId: cardSourceId,
    amount: positiveAmount('The amount to charge (the order total)'),
    cardData: cardData.optional(),
    billingZip: z.string().trim().max(10).optional().describe('The billing ZIP code, for address verification (the sandbox refuses 99999)'),
  }),
  'CardPaymentRequest',
  'A card charge for an order total.',
  {
    sourceId: 'cnon:card-nonce-ok',
    amount: '77.67',
    cardData: { cardNumber: '4111 1111 1111 1111', expiryDate: '12/29', cvv: '123', cardholderName: 'Ada Lovelace' },
    billingZip: '30601',
  },
);

export const processPaymentOutput = named(
  z.object({
    success: z.boolean().meta({ description: 'Whether the card was charged (false: declined, see error)' }),
    payment: named(
      z.object({
        id: z.string().meta({ description: 'The payment id: an order is paid with it (squarePaymentId)' }),
        status: z.string().meta({ description: "The provider's status of the payment", examples: ['COMPLETED'] }),
        amount: money('The amount charged', '77.67'),
      }),
      'Payment',
      'A card payment that was taken.',
      { id: 'sandbox-payment-5d1c0f2e', status: 'COMPLETED', amount: '77.67' },
    )
      .optional()
      .meta({ description: 'The payment, when the card was charged' }),
    error: named(
      z.object({
        code: z
          .string()
          .meta({ description: 'Why it was declined: a code of the payment-error table (docs/payments.md)', examples: ['CARD_DECLINED'] }),
        detail: z.string().meta({ description: "The provider's explanation, for people" }),
      }),
      'PaymentDecline',
      'Why a card was declined.',
      { code: 'CARD_DECLINED', detail: 'The card was declined.' },
    )
      .optional()
      .meta({ description: 'Why it was declined, when it was' }),
  }),
  'PaymentResult',
  'The outcome of a card charge: a decline is an answer (200) too, with success false.',
  { success: true, payment: { id: 'sandbox-payment-5d1c0f2e', status: 'COMPLETED', amount: '77.67' } },
);

/** The shop's own pages PayPal may return to: the checkout's, or a commission's page naming its payment. */
const RETURN_PATH = /^(\/checkout\/success|\/commissions\/[A-Za-z0-9_.-]{1,300}\?payment=(deposit|balance))$/;

export const paypalOrderInput = namedInput(
  z.object({
    amount: positiveAmount('The amount the buyer approves (the order total)'),
    currency: z.literal('USD', 'must be USD').default('USD').describe('Always USD'),
    intent: z.literal('CAPTURE', 'must be CAPTURE').default('CAPTURE').describe('Always CAPTURE'),
    /** The buyer's email; the sandbox reads its documented test addresses from it. */
    payerEmail: z
      .email('must be an email address')
      .max(254)
      .optional()
      .describe("The buyer's email (the sandbox reads its test addresses from it)"),
    /**
     * The order to place once the buyer approves at PayPal (the shop's checkout sends it): kept by the server under
     * PayPal's order id, so the return completes it in any tab or browser. Its total must be the amount.
     */
    checkout: orderDetailsInput.optional(),
    /**
     * Where PayPal's approval page sends the buyer back: a page of this shop only (never an address elsewhere, which
     * would make the shop's PayPal orders a redirect to any site). The checkout's by default; a commission's page
     * names the payment the approval is for, and the page completes it there.
     */
    returnPath: z
      .string()
      .max(400, 'must be a page of this shop')
      .regex(RETURN_PATH, 'must be a page of this shop: /checkout/success or /commissions/{token}?payment=deposit|balance')
      .default('/checkout/success')
      .describe(
        "Where PayPal's approval page returns the buyer: /checkout/success (the default) or /commissions/{token}?payment=deposit|balance",
      ),
  }),
  'PayPalOrderRequest',
  "A PayPal order to approve (docs/product.md section 7), and optionally the shop's order to place once it is approved.",
  { amount: '77.67', currency: 'USD', intent: 'CAPTURE' },
);

export const paypalOrderOutput = named(
  z.object({
    id: z.string().meta({ description: "PayPal's order id", examples: ['5O190127TN364715T'] }),
    status: z.string().meta({ description: "PayPal's status of the order", examples: ['CREATED'] }),
    approveUrl: z
      .string()
      .optional()
      .meta({ description: 'Where the buyer approves the payment (the real PayPal only; the sandbox approves by itself)', format: 'uri' }),
  }),
  'PayPalOrder',
  'A PayPal order waiting for the buyer.',
  { id: '5O190127TN364715T', status: 'CREATED', approveUrl: 'https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T' },
);

/** PayPal's order id as the shop takes it (the checkout's, the return's and a commission's payment). */
export const paypalOrderIdText = z
  .string()
  .max(60, 'must be a PayPal order id')
  .regex(/^[A-Za-z0-9_-]{1,60}$/, 'must be a PayPal order id');

export const paypalCaptureInput = z.object({ id: paypalOrderIdText.describe("PayPal's order id") });

export const paypalCaptureOutput = named(
  z.object({
    /** The capture id: what an order is paid with. */
    id: z.string().meta({ description: 'The capture id: an order is paid with it (paypalCaptureId)', examples: ['3C679366HH908993F'] }),
    status: z.string().meta({ description: "PayPal's status of the capture", examples: ['COMPLETED'] }),
    orderId: z.string().meta({ description: "PayPal's order id", examples: ['5O190127TN364715T'] }),
    amount: money('The amount captured', '77.67'),
  }),
  'PayPalCapture',
  'A captured PayPal payment.',
  { id: '3C679366HH908993F', status: 'COMPLETED', orderId: '5O190127TN364715T', amount: '77.67' },
);

export const cardFormOutput = named(
  z.object({
    form: z.enum(['sandbox', 'square', 'unavailable']).meta({
      description: "sandbox: docs/product.md's card form; square: Square's Web Payments SDK fields; unavailable: no card payments",
    }),
    applicationId: z.string().optional().meta({ description: "Square's public application id (square only)" }),
    locationId: z.string().optional().meta({ description: "Square's location id (square only)" }),
  }),
  'CardFormSettings',
  "Which card form the checkout shows, with the public ids of Square's fields.",
  { form: 'sandbox' },
);
