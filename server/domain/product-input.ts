import { z } from 'zod';
import { CATEGORY_VALUES } from './categories';
import { formatCents, toCents } from './money';
import { noCoerce } from './no-coerce';
import { isUrl } from './blog-post-input';

// SPEC.md section 5's product form rules, enforced by the server. Shared with the admin form.

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
const decimal = (label: string, max: number) =>
  z.union([z.number(), z.string()], { error: `${label} is required` }).transform((value, context) => {
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
  });

const isWholeCent = (value: number) => Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

const imageUrl = (label: string) => z.string().trim().max(500).refine(isUrl, `${label} must be a valid URL`);

export const productInput = z.object({
  name: required('Name', 200),
  description: required('Description', 10_000),
  price: decimal('Price', 99_999_999),
  weight: decimal('Weight', 999_999),
  stockQuantity: noCoerce(
    z
      .number({ error: 'Stock quantity is required' })
      .int('Stock quantity must be a whole number')
      .min(0, 'Stock quantity must be 0 or more')
      .max(1_000_000, 'Stock quantity is too large'),
  ),
  lowStockThreshold: noCoerce(
    z
      .number({ error: 'Low stock alert must be a number' })
      .int('Low stock alert must be a whole number')
      .min(0, 'Low stock alert must be 0 or more')
      .max(1_000_000, 'Low stock alert is too large'),
  ).default(2),
  material: required('Material', 200),
  finish: required('Finish', 200),
  dimensions: required('Dimensions', 200),
  imageUrl: z.string({ error: 'Image URL is required' }).trim().min(1, 'Image URL is required').pipe(imageUrl('Image URL')),
  galleryImages: z.array(imageUrl('Each gallery image')).max(20, 'At most 20 gallery images').default([]),
  category: z.enum(CATEGORY_VALUES, {
    error: (issue) =>
      issue.input === undefined || issue.input === '' ? 'Category is required' : `Category must be one of ${CATEGORY_VALUES.join(', ')}`,
  }),
  inStock: noCoerce(z.boolean({ error: 'In stock must be true or false' })).default(true),
  featured: noCoerce(z.boolean({ error: 'Featured must be true or false' })).default(false),
});

export type ProductInput = z.input<typeof productInput>;
export type ProductValues = z.output<typeof productInput>;
