import { z } from 'zod';
import { MAX_ID } from '../../domain/ids';
import { amountInput } from '../../domain/money-input';
import { stateSchema } from '../../domain/states';
import { count, imageAddress, money, named, namedInput, rowId } from '../../contract/wire-schemas';

export const productIdInput = z
  .number('must be a product id')
  .int('must be a product id')
  .positive('must be a product id')
  .max(MAX_ID, 'must be a product id')
  .describe('The product id');
export const variantIdInput = z
  .number('must be a variant id')
  .int('must be a variant id')
  .positive('must be a variant id')
  .max(MAX_ID, 'must be a variant id')
  .optional()
  .describe("The product's variant (D38): required when the product has options (400 VARIANT_REQUIRED), refused otherwise");

/** A cart's lines are one per product, or per variant of a product with options. */
export const oneLineEach = (items: readonly { productId: number; variantId?: number | undefined }[]) =>
  new Set(items.map((item) => `${item.productId}:${item.variantId ?? ''}`)).size === items.length;

export const quantityInput = z
  .number('must be a whole number')
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(100, 'must be at most 100')
  .describe('How many, 1 to 100');

/** A discount code the buyer typed (D40): any case; an unknown, ended, used-up or below-minimum one is refused with its reason. */
export const discountCodeInput = z
  .string('must be a discount code')
  .trim()
  .min(1, 'must not be empty: leave it out for no code')
  .max(40, 'must be at most 40 characters')
  .optional()
  .describe(
    'A discount code (D40), any case: taken off the goods before tax (a free-shipping code waives shipping); refused with DISCOUNT_UNKNOWN, DISCOUNT_EXPIRED, DISCOUNT_USED_UP or DISCOUNT_MINIMUM',
  );

/** The cart as the checkout asks for a quote: product ids and quantities, plus the price the buyer saw. */
export const quoteInput = namedInput(
  z.object({
    items: z
      .array(
        z.object({
          productId: productIdInput,
          variantId: variantIdInput,
          quantity: quantityInput,
          price: amountInput('The price the buyer saw (a different current price is listed in problems)').optional(),
        }),
      )
      .min(1, 'the cart is empty')
      .max(50, 'has too many lines')
      .refine(oneLineEach, 'lists a product twice')
      .describe('The cart, one line per product or variant (1 to 50)'),
    state: stateSchema.optional().describe('Where it ships (for shipping and tax); without it both are 0.00'),
    discountCode: discountCodeInput,
  }),
  'QuoteRequest',
  'A cart to price from current prices and stock (D9).',
  { items: [{ productId: 7, quantity: 1, price: '68.00' }], state: 'GA' },
);

const quoteLine = named(
  z.object({
    productId: rowId('The product', 7),
    variantId: rowId('The variant (products with options only)', 31).optional(),
    variant: z
      .string()
      .optional()
      .meta({ description: "The variant's title, its option values (products with options only)", examples: ['Walnut / Large'] }),
    name: z.string().meta({ description: 'Its current name', examples: ['Walnut Yarn Bowl with Swirl Slot'] }),
    price: money('Its current price', '68.00'),
    quantity: count('How many', 1),
    lineTotal: money('price x quantity', '68.00'),
    imageUrl: imageAddress('Its picture'),
    stockQuantity: count('How many are left', 4),
  }),
  'QuoteLine',
  'A line of a quote, at the current price.',
  {
    productId: 7,
    name: 'Walnut Yarn Bowl with Swirl Slot',
    price: '68.00',
    quantity: 1,
    lineTotal: '68.00',
    imageUrl: '/images/products/walnut-yarn-bowl-swirl-slot.svg',
    stockQuantity: 4,
  },
);

const quoteProblem = named(
  z.object({
    productId: rowId('The product', 7),
    variantId: rowId('The variant (products with options only)', 31).optional(),
    kind: z.enum(['unavailable', 'out_of_stock', 'insufficient_stock', 'price_changed']).meta({
      id: 'QuoteProblemKind',
      examples: ['out_of_stock'],
      description:
        'unavailable: no longer sold; out_of_stock: none left; insufficient_stock: fewer left than asked; price_changed: the price differs from the one sent.',
    }),
    message: z.string().meta({ description: 'What changed, for people', examples: ['Walnut Yarn Bowl with Swirl Slot is out of stock'] }),
  }),
  'QuoteProblem',
  'Something in the cart that changed since the buyer saw it.',
  { productId: 7, kind: 'out_of_stock', message: 'Walnut Yarn Bowl with Swirl Slot is out of stock' },
);

export const quoteOutput = named(
  z.object({
    lines: z.array(quoteLine).meta({ description: 'The lines that can be bought, at current prices' }),
    problems: z.array(quoteProblem).meta({ description: 'What changed; empty when the cart can be bought as it is' }),
    subtotal: money('The sum of the lines', '68.00'),
    shipping: money('Shipping (D5)', '6.95'),
    tax: money('Sales tax on the subtotal (D6)', '2.72'),
    total: money('subtotal - discount + shipping + tax', '77.67'),
    discount: named(
      z.object({
        code: z.string().meta({ description: 'The code, as the owner spelled it', examples: ['FAIR10'] }),
        kind: z.enum(['percentage', 'fixed', 'free_shipping']).meta({ description: 'What the code gives', examples: ['percentage'] }),
        amount: money('What it takes off the total: off the goods, or the shipping a free-shipping code waives', '6.80'),
      }),
      'QuoteDiscount',
      "The discount code's line (D40): tax is charged on the goods after it, and free shipping judged on them.",
      { code: 'FAIR10', kind: 'percentage', amount: '6.80' },
    )
      .optional()
      .meta({ description: 'Only when the quote was asked with a discount code' }),
    weight: z
      .string()
      .regex(/^\d+\.\d{2}$/)
      .meta({ description: 'Total weight in pounds, a decimal string with two places', examples: ['1.35'] }),
  }),
  'Quote',
  'A cart priced from current prices and stock, and what changed.',
  {
    lines: [
      {
        productId: 7,
        name: 'Walnut Yarn Bowl with Swirl Slot',
        price: '68.00',
        quantity: 1,
        lineTotal: '68.00',
        imageUrl: '/images/products/walnut-yarn-bowl-swirl-slot.svg',
        stockQuantity: 4,
      },
    ],
    problems: [],
    subtotal: '68.00',
    shipping: '6.95',
    tax: '2.72',
    total: '77.67',
    weight: '1.35',
  },
);
