import { z } from 'zod';
import { CATEGORY_VALUES } from './categories';
import { formatCents, toCents } from './money';
import { isUrl } from './blog-post-input';

// docs/product.md section 5's product form rules, enforced by the server. Shared with the admin form.

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

/**
 * A non-negative decimal with at most two places, as a number (45.5) or a numeric string ('45.50'), stored
 * exactly as the two-decimal string ('45.50'); never via a binary float sum (D2).
 */
export const decimal = (label: string, max: number, example: string, what: string) =>
  z
    .union([z.number(), z.string().max(20, `${label} is too long`)], { error: `${label} is required` })
    .transform((value, context) => {
      // A number sent by a script may carry float noise (0.1 + 0.2); it counts when it is a whole cent.
      const text = typeof value === 'number' && isWholeCent(value) ? value.toFixed(2) : String(value).trim();
      if (text === '') {
        context.addIssue({ code: 'custom', message: `${label} is required` });
        return z.NEVER;
      }
      if (!/^\d+(\.\d{1,2})?$/.test(text)) {
        context.addIssue({ code: 'custom', message: `${label} must be a number of 0 or more with at most two decimals` });
        return z.NEVER;
      }
      const cents = toCents(text);
      if (cents > max * 100) {
        context.addIssue({ code: 'custom', message: `${label} must be at most ${max}` });
        return z.NEVER;
      }
      return formatCents(cents);
    })
    .meta({
      description: `${what}: a number (45.5) or a decimal string ("45.50"), 0 to ${max} with at most two decimal places`,
      pattern: '^\\s*\\d+(\\.\\d{1,2})?\\s*$',
      minimum: 0,
      maximum: max,
      // Set last: zod leaves examples out of the input side of a transform.
      override: { examples: [example] },
    });

const isWholeCent = (value: number) => Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

export const imageUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label} is too long`)
    .refine(isUrl, `${label} must be a valid URL`)
    .meta({ description: 'An http(s) URL, or a path on this site (an upload: /uploads/...)', format: 'uri-reference' });

export const productInput = z.object({
  name: required('Name', 200).describe('Its name in the shop'),
  description: required('Description', 10_000).describe('What the product page says about it (plain text)'),
  price: decimal('Price', 99_999_999, '68.00', 'The price in US dollars'),
  weight: decimal('Weight', 999_999, '1.35', 'Weight in pounds (shipping is priced by weight)'),
  shippingSurcharge: decimal(
    'Oversize surcharge',
    99_999,
    '25.00',
    'Shipping added for each one bought when it ships separately (oversize), even on an order that ships free',
  )
    .nullable()
    .default(null)
    .describe(
      'Oversize surcharge in US dollars: added to the shipping for each one bought, even when the order ships free; null or left out: none',
    ),
  stockQuantity: z
    .number({ error: 'Stock quantity is required' })
    .int('Stock quantity must be a whole number')
    .min(0, 'Stock quantity must be 0 or more')
    .max(1_000_000, 'Stock quantity is too large')
    .describe('How many are in stock'),
  lowStockThreshold: z
    .number({ error: 'Low stock alert must be a number' })
    .int('Low stock alert must be a whole number')
    .min(0, 'Low stock alert must be 0 or more')
    .max(1_000_000, 'Low stock alert is too large')
    .default(2)
    .describe('The owner is emailed when a sale takes the stock to this or below'),
  material: required('Material', 200).describe('The wood'),
  finish: required('Finish', 200).describe('The finish'),
  dimensions: required('Dimensions', 200).describe('Its size, free text'),
  imageUrl: z
    .string({ error: 'Image URL is required' })
    .trim()
    .min(1, 'Image URL is required')
    .max(500, 'Image URL is too long')
    .pipe(imageUrl('Image URL'))
    .describe('The main picture: an http(s) URL or a path on this site'),
  galleryImages: z
    .array(imageUrl('Each gallery image'))
    .max(20, 'At most 20 gallery images')
    .default([])
    .describe('Further pictures, in order'),
  category: z
    .enum(CATEGORY_VALUES, {
      error: (issue) =>
        issue.input === undefined || issue.input === '' ? 'Category is required' : `Category must be one of ${CATEGORY_VALUES.join(', ')}`,
    })
    .describe('The product category'),
  inStock: z.boolean({ error: 'In stock must be true or false' }).default(true).describe('Whether it can be bought'),
  featured: z.boolean({ error: 'Featured must be true or false' }).default(false).describe('Shown on Home'),
});

export type ProductInput = z.input<typeof productInput>;
export type ProductValues = z.output<typeof productInput>;
