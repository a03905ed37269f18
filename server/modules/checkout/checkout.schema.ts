import { z } from 'zod';
import { amountCentsInput } from '../../domain/money-input';
import { stateSchema } from '../../domain/states';

export const productIdInput = z.number('must be a product id').int('must be a product id').positive('must be a product id');
export const quantityInput = z
  .number('must be a whole number')
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(100, 'must be at most 100');

/** The cart as the checkout asks for a quote: product ids and quantities, plus the price the buyer saw. */
export const quoteInput = z.object({
  items: z
    .array(z.object({ productId: productIdInput, quantity: quantityInput, price: amountCentsInput.optional() }))
    .min(1, 'the cart is empty')
    .max(50, 'has too many lines')
    .refine((items) => new Set(items.map((item) => item.productId)).size === items.length, 'lists a product twice'),
  state: stateSchema.optional(),
});

export const quoteOutput = z.object({
  lines: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      price: z.string(),
      quantity: z.number().int(),
      lineTotal: z.string(),
      imageUrl: z.string(),
      stockQuantity: z.number().int(),
    }),
  ),
  problems: z.array(
    z.object({
      productId: z.number().int(),
      kind: z.enum(['unavailable', 'out_of_stock', 'insufficient_stock', 'price_changed']),
      message: z.string(),
    }),
  ),
  subtotal: z.string(),
  shipping: z.string(),
  tax: z.string(),
  total: z.string(),
  /** Total weight in pounds, two decimals. */
  weight: z.string(),
});
