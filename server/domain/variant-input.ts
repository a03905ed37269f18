import { z } from 'zod';
import { decimal, imageUrl } from './product-input';

// A product's options and variants as the owner writes them (D38), enforced by the server and shared with the admin
// form. Bounds are Shopify's: three options, a hundred variants.

export const MAX_OPTIONS = 3;
export const MAX_OPTION_VALUES = 20;
export const MAX_VARIANTS = 100;

/** An option of a product (Wood) and its values (Walnut, Cherry, Maple), in the order the shop shows them. */
export interface ProductOption {
  name: string;
  values: string[];
}

/** A variant's title, its option values in the options' order: "Walnut / Large". */
export const variantTitle = (values: readonly string[]): string => values.join(' / ');

const text = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(40, `${label} is too long (at most 40 characters)`);

const distinct = (values: readonly string[]) => new Set(values.map((value) => value.toLowerCase())).size === values.length;

export const optionInput = z.object({
  name: text('Option name').describe('The option, e.g. Wood'),
  values: z
    .array(text('Option value'))
    .min(1, 'Give the option at least one value')
    .max(MAX_OPTION_VALUES, `At most ${MAX_OPTION_VALUES} values per option`)
    .refine(distinct, 'Lists a value twice')
    .describe('Its values, in the order the shop shows them'),
});

export const variantInput = z.object({
  id: z
    .number('must be a variant id')
    .int('must be a variant id')
    .positive('must be a variant id')
    .max(2_147_483_647, 'must be a variant id')
    .optional()
    .describe('A variant of this product to keep (its orders stay with it); without it, the variant of the same combination, or a new one'),
  options: z.array(text('Option value')).describe("Its value of each option, in the options' order"),
  price: decimal('Price', 99_999_999, '68.00', 'Its price in US dollars'),
  stockQuantity: z
    .number({ error: 'Stock quantity is required' })
    .int('Stock quantity must be a whole number')
    .min(0, 'Stock quantity must be 0 or more')
    .max(1_000_000, 'Stock quantity is too large')
    .describe('How many are in stock'),
  weight: decimal('Weight', 999_999, '1.35', 'Its weight in pounds (shipping is priced by weight)'),
  sku: z
    .string()
    .trim()
    .max(64, 'SKU is too long (at most 64 characters)')
    .nullish()
    .transform((sku) => (sku ? sku : null))
    .describe("The owner's stock-keeping code, unique in the shop (optional)"),
  imageUrl: z
    .string()
    .trim()
    .max(500, 'Image URL is too long')
    .nullish()
    .transform((url) => (url ? url : null))
    .pipe(imageUrl('Image URL').nullable())
    .describe("Its own picture (optional: without one, the product's)"),
  enabled: z.boolean('must be true or false').default(true).describe('On sale; false switches it off (kept, not sold)'),
});

/**
 * All of a product's options and variants, replacing the ones it had: each variant names one value of every
 * option, no combination twice; options need variants and variants options. No options and no variants makes the
 * product SPEC's product again.
 */
export const variantsInput = z
  .object({
    options: z
      .array(optionInput)
      .max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options`)
      .refine((options) => distinct(options.map((option) => option.name)), 'Names an option twice')
      .describe(`Its options, at most ${MAX_OPTIONS}, in the order the shop shows them (none: a product without options)`),
    variants: z
      .array(variantInput)
      .max(MAX_VARIANTS, `At most ${MAX_VARIANTS} variants`)
      .describe(`Every variant it keeps, at most ${MAX_VARIANTS}: one value of each option each`),
  })
  .superRefine(({ options, variants }, check) => {
    if (options.length > 0 && variants.length === 0) {
      check.addIssue({ code: 'custom', path: ['variants'], message: 'A product with options needs at least one variant' });
    }
    if (options.length === 0 && variants.length > 0) {
      check.addIssue({ code: 'custom', path: ['options'], message: 'Variants need options: name at least one' });
    }
    const seen = new Set<string>();
    const ids = new Set<number>();
    const skus = new Set<string>();
    variants.forEach((variant, index) => {
      if (variant.sku) {
        if (skus.has(variant.sku))
          check.addIssue({ code: 'custom', path: ['variants', index, 'sku'], message: `SKU ${variant.sku} is listed twice` });
        skus.add(variant.sku);
      }
      if (variant.id !== undefined) {
        if (ids.has(variant.id)) check.addIssue({ code: 'custom', path: ['variants', index, 'id'], message: 'Names a variant twice' });
        ids.add(variant.id);
      }
      if (options.length === 0) return;
      if (variant.options.length !== options.length) {
        check.addIssue({
          code: 'custom',
          path: ['variants', index, 'options'],
          message: `Needs one value of each option (${options.map((option) => option.name).join(', ')})`,
        });
        return;
      }
      variant.options.forEach((value, position) => {
        const option = options[position]!;
        if (!option.values.includes(value)) {
          check.addIssue({
            code: 'custom',
            path: ['variants', index, 'options', position],
            message: `${value} is not a value of ${option.name}`,
          });
        }
      });
      const key = variant.options.map((value) => value.toLowerCase()).join('\u0000');
      if (variant.enabled && seen.has(key)) {
        check.addIssue({
          code: 'custom',
          path: ['variants', index, 'options'],
          message: `${variantTitle(variant.options)} is listed twice`,
        });
      }
      if (variant.enabled) seen.add(key);
    });
  });

export type VariantsInput = z.input<typeof variantsInput>;
export type VariantsValues = z.output<typeof variantsInput>;
export type VariantValues = VariantsValues['variants'][number];
