import { z } from 'zod';
import { amountInput } from '../../domain/money-input';
import { ORDER_STATUSES, type OrderStatus } from '../../domain/order-statuses';
import { stateSchema } from '../../domain/states';
import { CARRIERS, trackingUrl, type Carrier } from '../../domain/order-transitions';
import { count, emailAddress, money, named, namedInput, rowId, timestamp } from '../../contract/wire-schemas';
import { discountCodeInput, oneLineEach, productIdInput, quantityInput, variantIdInput } from '../checkout';
import type { IOrder } from './order.entity';

const required = (max: number) => z.string('is required').trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
const zipCode = z
  .string('is required')
  .max(10, 'must be a ZIP code like 30601')
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, 'must be a ZIP code like 30601')
  .describe('ZIP code: 5 digits, or ZIP+4');
const optionalId = (what: string) => z.string().trim().max(100).nullish().describe(what);

export const stateCode = stateSchema.meta({
  id: 'StateCode',
  examples: ['GA'],
  description: 'A state the shop ships to (docs/product.md section 5): GA, NC, SC, TN, FL or AL.',
});

export const shippingAddressInput = namedInput(
  z.object({
    address: required(200).describe('Street address'),
    city: required(100).describe('City'),
    state: stateCode,
    zipCode,
    phone: z
      .string('is required')
      .max(25, 'must be a phone number')
      .trim()
      .regex(/^[0-9+()\-.\s]{7,25}$/, 'must be a phone number')
      .describe('Phone number: 7 to 25 digits, spaces and + ( ) - .'),
  }),
  'ShippingAddressInput',
  'Where the order goes (one of the six states the shop ships to).',
  { address: '12 College Ave', city: 'Athens', state: 'GA', zipCode: '30601', phone: '706-555-0142' },
);

export const billingAddressInput = namedInput(
  z.object({
    address: required(200).describe('Street address'),
    city: required(100).describe('City'),
    state: required(50).describe('State or region'),
    zipCode,
  }),
  'BillingAddressInput',
  "The card holder's address.",
  { address: '12 College Ave', city: 'Athens', state: 'GA', zipCode: '30601' },
);

export const orderItemInput = namedInput(
  z.object({
    productId: productIdInput,
    variantId: variantIdInput,
    name: z.string().max(200).optional().describe("The product's name as the cart shows it (the server keeps its own)"),
    price: amountInput('The price the buyer saw (refused when it differs from the current price by more than a cent)'),
    quantity: quantityInput,
  }),
  'OrderItemInput',
  'A line of the cart: a product and how many.',
  { productId: 7, name: 'Walnut Yarn Bowl with Swirl Slot', price: '68.00', quantity: 1 },
);

// docs/product.md section 3's Order as the checkout sends it. Every figure is checked against the database (D7);
// `status` is accepted for compatibility and ignored: the server decides it from the verified payment (D8).
const orderDetailsFields = z.object({
  customerEmail: z.email('must be an email address').max(254).describe("The customer's email (the confirmation goes there)"),
  customerName: required(200).describe("The customer's name"),
  shippingAddress: shippingAddressInput,
  billingAddress: billingAddressInput,
  items: z
    .array(orderItemInput)
    .min(1, 'the order has no items')
    .max(50, 'has too many lines')
    .refine(oneLineEach, 'lists a product twice')
    .describe('The lines of the order, one per product or variant (1 to 50)'),
  subtotal: amountInput('The sum of the lines'),
  shipping: amountInput('Shipping (POST /api/shipping/calculate)'),
  tax: amountInput('Sales tax (POST /api/tax/calculate)'),
  total: amountInput("subtotal + shipping + tax, less the discount code's amount when there is one (POST /api/checkout/quote)"),
  discountCode: discountCodeInput,
  status: z.string().max(20).optional().describe('Ignored: the server decides the status from the verified payment'),
});

const detailsExample: z.input<typeof orderDetailsFields> = {
  customerEmail: 'ada@example.com',
  customerName: 'Ada Lovelace',
  shippingAddress: { address: '12 College Ave', city: 'Athens', state: 'GA', zipCode: '30601', phone: '706-555-0142' },
  billingAddress: { address: '12 College Ave', city: 'Athens', state: 'GA', zipCode: '30601' },
  items: [{ productId: 7, name: 'Walnut Yarn Bowl with Swirl Slot', price: '68.00', quantity: 1 }],
  subtotal: '68.00',
  shipping: '6.95',
  tax: '2.72',
  total: '77.67',
};

/** The order without its payment: what a PayPal checkout keeps while the buyer approves at PayPal. */
export const orderDetailsInput = namedInput(
  orderDetailsFields,
  'OrderDetails',
  'An order as the checkout sends it, without its payment. Every figure is checked against current prices (400 PRICE_CHANGED).',
  detailsExample,
);

export type OrderDetailsInput = z.infer<typeof orderDetailsInput>;

export const createOrderInput = namedInput(
  orderDetailsFields
    .extend({
      paymentMethod: z.enum(['paypal', 'square'], 'must be paypal or square').describe('How it was paid: paypal, or square for a card'),
      paypalOrderId: optionalId("PayPal's order id (PayPal payments)"),
      paypalCaptureId: optionalId("PayPal's capture id: required for a PayPal payment"),
      squarePaymentId: optionalId('The card payment id from POST /api/square/process-payment: required for a card payment'),
    })
    .superRefine((order, check) => {
      if (order.paymentMethod === 'square' && !order.squarePaymentId) {
        check.addIssue({ code: 'custom', path: ['squarePaymentId'], message: 'is required for a card payment' });
      }
      if (order.paymentMethod === 'paypal' && !order.paypalCaptureId) {
        check.addIssue({ code: 'custom', path: ['paypalCaptureId'], message: 'is required for a PayPal payment' });
      }
    }),
  'OrderInput',
  'A paid order (docs/product.md section 3): the order and the id of its payment, which the server verifies with the provider (D8).',
  { ...detailsExample, paymentMethod: 'square', squarePaymentId: 'sandbox-payment-5d1c0f2e' },
);

export type CreateOrderInput = z.infer<typeof createOrderInput>;

export const orderStatusOutput = z.enum(ORDER_STATUSES).meta({
  id: 'OrderStatus',
  examples: ['completed'],
  description: 'Where an order is in its lifecycle: pending (not paid), completed (paid), shipped, delivered, cancelled, refunded.',
});

export const ORDER_KINDS = ['shop', 'commission'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

const orderKindOutput = z.enum(ORDER_KINDS).meta({
  id: 'OrderKind',
  examples: ['shop'],
  description:
    "What an order is: shop (a cart bought at the checkout) or commission (a commission's accepted quote: pending until its balance is paid, then it ships as any order).",
});

export const carrierOutput = z.enum(CARRIERS).meta({ id: 'Carrier', description: 'Who carries a shipped order.', examples: ['USPS'] });

const addressFields = {
  address: z.string().meta({ description: 'Street address', examples: ['12 College Ave'] }),
  city: z.string().meta({ description: 'City', examples: ['Athens'] }),
  zipCode: z.string().meta({ description: 'ZIP code', examples: ['30601'] }),
};

const orderFields = z.object({
  id: rowId('The order number (shown padded to 6 digits: #000012)'),
  kind: orderKindOutput,
  customerEmail: emailAddress("The customer's email"),
  customerName: z.string().meta({ description: "The customer's name", examples: ['Ada Lovelace'] }),
  shippingAddress: named(
    z.object({ ...addressFields, state: stateCode, phone: z.string().meta({ description: 'Phone number', examples: ['706-555-0142'] }) }),
    'ShippingAddress',
    'Where the order goes.',
    { address: '12 College Ave', city: 'Athens', state: 'GA', zipCode: '30601', phone: '706-555-0142' },
  ),
  billingAddress: named(
    z.object({ ...addressFields, state: z.string().meta({ description: 'State or region', examples: ['GA'] }) }),
    'BillingAddress',
    "The card holder's address.",
    { address: '12 College Ave', city: 'Athens', state: 'GA', zipCode: '30601' },
  ),
  items: z
    .array(
      named(
        z.object({
          productId: rowId('The product', 7),
          variantId: rowId('The variant sold (products with options only)', 31).optional(),
          variant: z
            .string()
            .optional()
            .meta({ description: "The variant's title when it was sold (products with options only)", examples: ['Walnut / Large'] }),
          name: z.string().meta({ description: 'Its name when it was sold', examples: ['Walnut Yarn Bowl with Swirl Slot'] }),
          price: money('Its price when it was sold', '68.00'),
          quantity: count('How many', 1),
        }),
        'OrderItem',
        'A line of an order, as it was sold (later changes to the product do not change it).',
        { productId: 7, name: 'Walnut Yarn Bowl with Swirl Slot', price: '68.00', quantity: 1 },
      ),
    )
    .meta({ description: 'The lines of the order' }),
  subtotal: money('The sum of the lines', '68.00'),
  shipping: money('Shipping', '6.95'),
  tax: money('Sales tax', '2.72'),
  total: money('subtotal - discount + shipping + tax: what the buyer paid', '77.67'),
  discountCode: z
    .string()
    .nullable()
    .meta({ description: 'The discount code the order used (D40), or null', examples: ['FAIR10'] }),
  discount: money('What the discount code took off the total (0.00 without one)', '0.00'),
  status: orderStatusOutput,
  paymentMethod: z.enum(['paypal', 'square']).meta({ description: 'How it was paid: paypal, or square for a card' }),
  paypalOrderId: z.string().nullable().meta({ description: "PayPal's order id (PayPal payments)" }),
  paypalCaptureId: z.string().nullable().meta({ description: "PayPal's capture id (PayPal payments)" }),
  squarePaymentId: z.string().nullable().meta({ description: 'The card payment id (card payments)' }),
  carrier: carrierOutput.nullable().meta({ description: 'Once shipped: the carrier' }),
  trackingNumber: z.string().nullable().meta({ description: "Once shipped: the carrier's tracking number" }),
  trackingUrl: z
    .string()
    .nullable()
    .meta({ description: "Once shipped with USPS, UPS or FedEx: the carrier's tracking page", format: 'uri' }),
  createdAt: timestamp('When it was placed'),
});

export type OrderDto = z.infer<typeof orderFields>;

export const orderExample: OrderDto = {
  id: 12,
  kind: 'shop',
  customerEmail: 'ada@example.com',
  customerName: 'Ada Lovelace',
  shippingAddress: { address: '12 College Ave', city: 'Athens', state: 'GA', zipCode: '30601', phone: '706-555-0142' },
  billingAddress: { address: '12 College Ave', city: 'Athens', state: 'GA', zipCode: '30601' },
  items: [{ productId: 7, name: 'Walnut Yarn Bowl with Swirl Slot', price: '68.00', quantity: 1 }],
  subtotal: '68.00',
  shipping: '6.95',
  tax: '2.72',
  total: '77.67',
  discountCode: null,
  discount: '0.00',
  status: 'shipped',
  paymentMethod: 'square',
  paypalOrderId: null,
  paypalCaptureId: null,
  squarePaymentId: 'sandbox-payment-5d1c0f2e',
  carrier: 'USPS',
  trackingNumber: '9400111899223344556677',
  trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223344556677',
  createdAt: '2026-11-24T15:04:05.000Z',
};

export const orderOutput = named(
  orderFields,
  'Order',
  'An order (docs/product.md section 3) with its lines, figures, payment and shipping.',
  orderExample,
);

/** The order with its items loaded (the caller populates them in the same query). */
export function toOrderDto(order: IOrder): OrderDto {
  return {
    id: order.id,
    kind: order.kind as OrderKind,
    customerEmail: order.customerEmail,
    customerName: order.customerName,
    shippingAddress: order.shippingAddress as OrderDto['shippingAddress'],
    billingAddress: order.billingAddress,
    items: order.items.getItems().map((item) => ({
      productId: item.product.id,
      ...(item.variantId == null ? {} : { variantId: item.variantId, variant: item.variant ?? '' }),
      name: item.name,
      price: item.price,
      quantity: item.quantity,
    })),
    subtotal: order.subtotal,
    shipping: order.shipping,
    tax: order.tax,
    total: order.total,
    discountCode: order.discountCode ?? null,
    discount: order.discount,
    status: order.status as OrderStatus,
    paymentMethod: order.paymentMethod as OrderDto['paymentMethod'],
    paypalOrderId: order.paypalOrderId ?? null,
    paypalCaptureId: order.paypalCaptureId ?? null,
    squarePaymentId: order.squarePaymentId ?? null,
    carrier: (order.carrier as Carrier | undefined) ?? null,
    trackingNumber: order.trackingNumber ?? null,
    trackingUrl: trackingUrl(order.carrier, order.trackingNumber),
    createdAt: order.createdAt.toISOString(),
  };
}
