import { z } from 'zod';
import { amountCentsInput } from '../../domain/money-input';
import { stateSchema } from '../../domain/states';
import { trackingUrl } from '../../domain/order-transitions';
import { productIdInput, quantityInput } from '../checkout/checkout.schema';
import type { IOrder } from './order.entity';

const required = (max: number) => z.string('is required').trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
const zipCode = z
  .string('is required')
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, 'must be a ZIP code like 30601');
const optionalId = z.string().trim().max(100).nullish();

// SPEC.md section 3's Order as the checkout sends it. Every figure is checked against the database (D7);
// `status` is accepted for compatibility and ignored: the server decides it from the verified payment (D8).
// The order without its payment: what a PayPal checkout keeps while the buyer approves at PayPal.
export const orderDetailsInput = z.object({
  customerEmail: z.email('must be an email address').max(254),
  customerName: required(200),
  shippingAddress: z.object({
    address: required(200),
    city: required(100),
    state: stateSchema,
    zipCode,
    phone: z
      .string('is required')
      .trim()
      .regex(/^[0-9+()\-.\s]{7,25}$/, 'must be a phone number'),
  }),
  billingAddress: z.object({ address: required(200), city: required(100), state: required(50), zipCode }),
  items: z
    .array(z.object({ productId: productIdInput, name: z.string().max(200).optional(), price: amountCentsInput, quantity: quantityInput }))
    .min(1, 'the order has no items')
    .max(50, 'has too many lines')
    .refine((items) => new Set(items.map((item) => item.productId)).size === items.length, 'lists a product twice'),
  subtotal: amountCentsInput,
  shipping: amountCentsInput,
  tax: amountCentsInput,
  total: amountCentsInput,
  status: z.string().max(20).optional(),
});

export type OrderDetailsInput = z.infer<typeof orderDetailsInput>;

export const createOrderInput = orderDetailsInput
  .extend({
    paymentMethod: z.enum(['paypal', 'square'], 'must be paypal or square'),
    paypalOrderId: optionalId,
    paypalCaptureId: optionalId,
    squarePaymentId: optionalId,
  })
  .superRefine((order, check) => {
    if (order.paymentMethod === 'square' && !order.squarePaymentId) {
      check.addIssue({ code: 'custom', path: ['squarePaymentId'], message: 'is required for a card payment' });
    }
    if (order.paymentMethod === 'paypal' && !order.paypalCaptureId) {
      check.addIssue({ code: 'custom', path: ['paypalCaptureId'], message: 'is required for a PayPal payment' });
    }
  });

export type CreateOrderInput = z.infer<typeof createOrderInput>;

export const orderOutput = z.object({
  id: z.number().int(),
  customerEmail: z.string(),
  customerName: z.string(),
  shippingAddress: z.object({ address: z.string(), city: z.string(), state: z.string(), zipCode: z.string(), phone: z.string() }),
  billingAddress: z.object({ address: z.string(), city: z.string(), state: z.string(), zipCode: z.string() }),
  items: z.array(z.object({ productId: z.number().int(), name: z.string(), price: z.string(), quantity: z.number().int() })),
  subtotal: z.string(),
  shipping: z.string(),
  tax: z.string(),
  total: z.string(),
  status: z.string(),
  paymentMethod: z.string(),
  paypalOrderId: z.string().nullable(),
  paypalCaptureId: z.string().nullable(),
  squarePaymentId: z.string().nullable(),
  /** Once shipped: the carrier, its tracking number, and the carrier's tracking page when it has one. */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  createdAt: z.string(),
});

export type OrderDto = z.infer<typeof orderOutput>;

/** The order with its items loaded (the caller populates them in the same query). */
export function toOrderDto(order: IOrder): OrderDto {
  return {
    id: order.id,
    customerEmail: order.customerEmail,
    customerName: order.customerName,
    shippingAddress: order.shippingAddress,
    billingAddress: order.billingAddress,
    items: order.items
      .getItems()
      .map((item) => ({ productId: item.product.id, name: item.name, price: item.price, quantity: item.quantity })),
    subtotal: order.subtotal,
    shipping: order.shipping,
    tax: order.tax,
    total: order.total,
    status: order.status,
    paymentMethod: order.paymentMethod,
    paypalOrderId: order.paypalOrderId ?? null,
    paypalCaptureId: order.paypalCaptureId ?? null,
    squarePaymentId: order.squarePaymentId ?? null,
    carrier: order.carrier ?? null,
    trackingNumber: order.trackingNumber ?? null,
    trackingUrl: trackingUrl(order.carrier, order.trackingNumber),
    createdAt: order.createdAt.toISOString(),
  };
}
