import { z } from 'zod';
import { categorySchema, type Category } from '../../domain/categories';
import { idInput } from '../../domain/ids';
import { productInput } from '../../domain/product-input';
import { count, imageAddress, money, named, namedInput, rowId, timestamp } from '../../contract/wire-schemas';
import { variantTitle, type ProductOption } from '../../domain/variant-input';
import { formatCents } from '../../domain/money';
import type { IProduct } from './product.entity';
import type { VariantRow } from './variants';

export const categoryOutput = categorySchema.meta({
  id: 'Category',
  examples: ['yarn-bowls'],
  description: 'A product category (docs/product.md section 9): yarn bowls, cutting boards, swirlettes or accessories.',
});

const weightOutput = (description: string) =>
  z
    .string()
    .regex(/^\d+\.\d{2}$/)
    .meta({ description: `${description}: pounds, a decimal string with two places`, examples: ['1.35'] });

const optionOutput = named(
  z.object({
    name: z.string().meta({ description: 'The option', examples: ['Wood'] }),
    values: z
      .array(z.string())
      .meta({ description: 'Its values, in the order the shop shows them', examples: [['Walnut', 'Cherry', 'Maple']] }),
  }),
  'ProductOption',
  'An option of a product (D38) and its values.',
  { name: 'Wood', values: ['Walnut', 'Cherry', 'Maple'] },
);

const variantExample = {
  id: 31,
  options: ['Walnut', 'Large'],
  title: 'Walnut / Large',
  price: '78.00',
  stockQuantity: 3,
  inStock: true,
  weight: '1.60',
  sku: 'YB-WAL-L',
  imageUrl: null,
  enabled: true,
};

export const variantOutput = named(
  z.object({
    id: rowId('The variant id (variantId in a cart, an order and a quote)', 31),
    options: z
      .array(z.string())
      .meta({ description: "Its value of each of the product's options, in the options' order", examples: [['Walnut', 'Large']] }),
    title: z.string().meta({ description: 'Its option values as the shop names it', examples: ['Walnut / Large'] }),
    price: money('Its price', '78.00'),
    stockQuantity: count('How many are left', 3),
    inStock: z.boolean().meta({ description: 'Whether it can be bought now' }),
    weight: weightOutput('Its weight'),
    sku: z
      .string()
      .nullable()
      .meta({ description: "The owner's stock-keeping code, if any", examples: ['YB-WAL-L'] }),
    imageUrl: z
      .string()
      .nullable()
      .meta({ description: "Its own picture, or null for the product's", format: 'uri-reference', examples: [null] }),
    enabled: z.boolean().meta({ description: 'On sale (the shop lists only these; the owner sees the switched-off ones too)' }),
  }),
  'ProductVariant',
  'A variant of a product with options (D38): one combination of their values, with its own price and stock.',
  variantExample,
);

export type VariantDto = z.infer<typeof variantOutput>;

export const toVariantDto = (variant: VariantRow): VariantDto => ({
  id: variant.id,
  options: variant.options,
  title: variantTitle(variant.options),
  price: variant.price,
  stockQuantity: variant.stockQuantity,
  inStock: variant.enabled && variant.stockQuantity > 0,
  weight: variant.weight,
  sku: variant.sku,
  imageUrl: variant.imageUrl,
  enabled: variant.enabled,
});

// The product as it travels (docs/product.md section 3): money and weight as two-decimal strings (D2).
const productFields = z.object({
  id: rowId('The product id (the number in /product/{id})', 7),
  name: z.string().meta({ description: 'Its name in the shop', examples: ['Walnut Yarn Bowl with Swirl Slot'] }),
  description: z.string().meta({ description: 'What the product page says about it (plain text)' }),
  price: money('The price'),
  imageUrl: imageAddress('The main picture'),
  galleryImages: z.array(imageAddress('A further picture')).meta({ description: 'Further pictures, in order (may be empty)' }),
  inStock: z.boolean().meta({ description: 'Whether it can be bought (false: shown as Out of Stock)' }),
  stockQuantity: count('How many are left'),
  category: categoryOutput,
  dimensions: z.string().meta({ description: 'Its size, free text', examples: ['6.5" diameter x 4" tall'] }),
  weight: z
    .string()
    .regex(/^\d+\.\d{2}$/)
    .meta({ description: 'Weight in pounds, a decimal string with two places', examples: ['1.35'] }),
  material: z.string().meta({ description: 'The wood', examples: ['Black walnut'] }),
  finish: z.string().meta({ description: 'The finish', examples: ['Walnut oil and beeswax'] }),
  featured: z.boolean().meta({ description: 'Shown on Home (GET /api/products/featured)' }),
  // Only a product that ships separately has it, so SPEC's products answer exactly as before.
  shippingSurcharge: money(
    'Oversize surcharge (products that ship separately only): added to the shipping for each one bought, even when the order ships free',
    '25.00',
  ).optional(),
  createdAt: timestamp('When it was added'),
  // D38: only a product with options has these; price, stockQuantity and inStock are then its variants' summary.
  options: z
    .array(optionOutput)
    .optional()
    .meta({ description: 'Its options (products with options only): a cart line then names one of its variants' }),
  variants: z.array(variantOutput).optional().meta({
    description:
      'Its variants on sale (products with options only; the owner sees switched-off ones too). price is then the lowest of them, stockQuantity their sum, inStock whether any is in stock',
  }),
});

export type ProductDto = z.infer<typeof productFields>;

const example: ProductDto = {
  id: 7,
  name: 'Walnut Yarn Bowl with Swirl Slot',
  description: 'Turned from a single piece of black walnut, this yarn bowl keeps your skein from rolling across the floor.',
  price: '68.00',
  imageUrl: '/images/products/walnut-yarn-bowl-swirl-slot.svg',
  galleryImages: ['/images/products/walnut-yarn-bowl-swirl-slot-2.svg', '/images/products/walnut-yarn-bowl-swirl-slot-3.svg'],
  inStock: true,
  stockQuantity: 4,
  category: 'yarn-bowls',
  dimensions: '6.5" diameter x 4" tall',
  weight: '1.35',
  material: 'Black walnut',
  finish: 'Walnut oil and beeswax',
  featured: true,
  createdAt: '2026-11-24T15:04:05.000Z',
};

export const productOutput = named(productFields, 'Product', 'A product of the shop, as every visitor sees it.', example);

/** What a product card shows (and the cart needs): the shop page carries no more than this per product. */
export const cardOutput = productFields
  .pick({
    id: true,
    name: true,
    price: true,
    imageUrl: true,
    inStock: true,
    stockQuantity: true,
    weight: true,
    options: true,
  })
  .extend({ maxPrice: money('The highest price of its variants, when they differ (the card says "from $price")').optional() });

export type ProductCardDto = z.infer<typeof cardOutput>;

/** A card's row: `options` '[]' and `maxPrice` null for a product without options. */
export type CardRow = Omit<ProductCardDto, 'options' | 'maxPrice'> & { options: ProductOption[]; maxPrice: string | null };

export const toCardDto = (product: CardRow): ProductCardDto => ({
  id: product.id,
  name: product.name,
  price: product.price,
  imageUrl: product.imageUrl,
  inStock: product.inStock,
  stockQuantity: product.stockQuantity,
  weight: product.weight,
  ...(product.options.length > 0 ? { options: product.options } : {}),
  ...(product.maxPrice !== null && product.maxPrice !== product.price ? { maxPrice: product.maxPrice } : {}),
});

/**
 * What a product's answer is made of (toProductDto): a product, or a row of the shop's list, whose creation time
 * the database already wrote as the answer's ISO 8601 text.
 */
export type ListedProduct = Pick<
  IProduct,
  | 'id'
  | 'name'
  | 'description'
  | 'price'
  | 'imageUrl'
  | 'galleryImages'
  | 'inStock'
  | 'stockQuantity'
  | 'category'
  | 'dimensions'
  | 'weight'
  | 'material'
  | 'finish'
  | 'featured'
  | 'options'
  | 'shippingSurcharge'
> & { createdAt: Date | string };

/** The product's answer; a product with options (D38) carries them and its variants (`variants`, from variantsOf). */
export function toProductDto(product: ListedProduct, variants?: ReadonlyMap<number, VariantRow[]>): ProductDto {
  const dto: ProductDto = {
    id: product.id,
    name: product.name,
    description: product.description,
    price: product.price,
    imageUrl: product.imageUrl,
    galleryImages: product.galleryImages ?? [],
    inStock: product.inStock,
    stockQuantity: product.stockQuantity,
    category: product.category as Category,
    dimensions: product.dimensions,
    weight: product.weight,
    material: product.material,
    finish: product.finish,
    featured: product.featured,
    ...(product.shippingSurcharge == null ? {} : { shippingSurcharge: formatCents(product.shippingSurcharge) }),
    createdAt: typeof product.createdAt === 'string' ? product.createdAt : product.createdAt.toISOString(),
  };
  if (!product.options || product.options.length === 0) return dto;
  return { ...dto, options: product.options, variants: (variants?.get(product.id) ?? []).map(toVariantDto) };
}

/** The owner's view of a product: its low-stock alert level too (not shown to shoppers). */
export const adminProductOutput = named(
  productFields.extend({
    lowStockThreshold: count('The owner is emailed when a sale takes the stock to this or below', 2),
    shippingSurcharge: money('Oversize surcharge: added to the shipping for each one bought, even when the order ships free', '25.00')
      .nullable()
      .meta({
        description:
          'Oversize surcharge in US dollars, added to the shipping for each one bought even when the order ships free; null: none',
      }),
  }),
  'AdminProduct',
  'A product as the owner sees it: every field of a Product, its low-stock alert level and its oversize surcharge (null: none).',
  { ...example, lowStockThreshold: 2, shippingSurcharge: null },
);

export function toAdminProductDto(product: IProduct, variants?: ReadonlyMap<number, VariantRow[]>): z.infer<typeof adminProductOutput> {
  return {
    ...toProductDto(product, variants),
    lowStockThreshold: product.lowStockThreshold,
    shippingSurcharge: product.shippingSurcharge == null ? null : formatCents(product.shippingSurcharge),
  };
}

export const productDeleteOutput = named(
  z.object({
    success: z.literal(true).meta({ description: 'Always true: a failure is an error answer instead' }),
    archived: z.boolean().meta({ description: 'True when the product had orders and was archived (hidden) rather than deleted' }),
  }),
  'ProductDeleteResult',
  'The product is gone from the shop; one that was ordered is kept, archived, so its orders stay whole.',
  { success: true, archived: false },
);

/** `{ id }` of a product, from the path on the REST mirror. */
export const productIdInput = z.object({ id: idInput.shape.id.describe('The product id') });

/** What the owner sends to add or change a product (docs/product.md section 5's product form). */
export const productInputBody = namedInput(
  productInput,
  'ProductInput',
  'A product as the owner writes it. Money and weight may be a JSON number or a decimal string; the answer has them as two-decimal strings.',
  {
    name: example.name,
    description: example.description,
    price: '68.00',
    weight: 1.35,
    stockQuantity: 4,
    lowStockThreshold: 2,
    material: example.material,
    finish: example.finish,
    dimensions: example.dimensions,
    imageUrl: example.imageUrl,
    galleryImages: example.galleryImages,
    category: 'yarn-bowls',
    inStock: true,
    featured: true,
    shippingSurcharge: null,
  },
);
