import { formatCents, lineCents, sumCents, toCents } from '../../domain/money';
import { STARTING_RULES, stateTaxCents, zoneOf, zoneShippingCents, type SalesRules } from '../../domain/sales-rules';
import { weightHundredths } from '../../domain/shipping';
import type { StateCode } from '../../domain/states';
import { variantTitle } from '../../domain/variant-input';
import { goodsDiscountCents, type DiscountKind, type DiscountRule } from '../../domain/discounts';
import { AppError } from '../../trpc/errors';

// Prices a cart from the products as the database has them (D7, D9). Pure: the caller loads the products
// (one query) and decides what to do with the problems found.

export interface PricedProduct {
  id: number;
  name: string;
  price: string;
  weight: string;
  imageUrl: string;
  stockQuantity: number;
  inStock: boolean;
  archived: boolean;
  /** Whether it has options (D38): then a line must name one of its variants, which it is sold as. */
  hasOptions: boolean;
  /** Its oversize surcharge in cents, for each unit (whatever its variant); null: none. */
  shippingSurcharge: number | null;
}

/** A variant as pricing reads it (D38). `imageUrl` null: the product's. */
export interface PricedVariant {
  id: number;
  productId: number;
  options: string[];
  price: string;
  weight: string;
  imageUrl: string | null;
  stockQuantity: number;
  enabled: boolean;
}

export interface CartLine {
  productId: number;
  /** The variant, for a product with options (D38). */
  variantId?: number;
  quantity: number;
  /** The price the buyer saw, when known: a difference is reported as a price change. */
  price?: string;
}

export type ProblemKind = 'unavailable' | 'out_of_stock' | 'insufficient_stock' | 'price_changed';

export interface QuoteProblem {
  productId: number;
  variantId?: number;
  kind: ProblemKind;
  message: string;
}

export interface QuoteLine {
  productId: number;
  /** The variant and its title ("Walnut / Large"), for a product with options; absent for SPEC's product. */
  variantId?: number;
  variant?: string;
  name: string;
  price: string;
  quantity: number;
  lineTotal: string;
  imageUrl: string;
  stockQuantity: number;
}

/** A discount code as applied to a cart (D40): what it took off, the goods' share and the shipping it waived. */
export interface AppliedDiscount {
  code: string;
  kind: DiscountKind;
  cents: number;
}

export interface CartPrice {
  lines: QuoteLine[];
  problems: QuoteProblem[];
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  /** subtotal - discount + shipping + tax */
  totalCents: number;
  weightHundredths: number;
  /** The code's discount, when the cart has one (D40). */
  discount?: AppliedDiscount;
}

/**
 * Prices the cart. A line of a product with options must name one of its variants (400 VARIANT_REQUIRED), and only
 * a product with options takes one (400 VARIANT_UNKNOWN), each naming the line's field; the variant then is what is
 * sold: its price, stock, weight and picture.
 */
export function priceCart(
  products: readonly PricedProduct[],
  cart: readonly CartLine[],
  state: StateCode | undefined,
  variants: readonly PricedVariant[] = [],
  discountRule?: DiscountRule,
  // The owner's settings (D39), read by the caller (SalesSettings); SPEC's when left out, as in unit tests.
  rules: SalesRules = STARTING_RULES,
): CartPrice {
  const byId = new Map(products.map((product) => [product.id, product]));
  const variantsById = new Map(variants.map((variant) => [variant.id, variant]));
  const lines: QuoteLine[] = [];
  const problems: QuoteProblem[] = [];
  let weight = 0;
  let surcharge = 0;

  cart.forEach((item, index) => {
    const product = byId.get(item.productId);
    if (!product || product.archived) {
      problems.push({ productId: item.productId, kind: 'unavailable', message: `Product ${item.productId} is no longer sold` });
      return;
    }
    const variant = soldVariant(product, item, index, variantsById);
    const sold = variant ?? product;
    const name = variant ? `${product.name} (${variantTitle(variant.options)})` : product.name;
    const which = variant ? { productId: product.id, variantId: variant.id } : { productId: product.id };
    if (variant && !variant.enabled) {
      problems.push({ ...which, kind: 'unavailable', message: `${name} is no longer sold` });
      return;
    }
    if ((!variant && !product.inStock) || sold.stockQuantity <= 0) {
      problems.push({ ...which, kind: 'out_of_stock', message: `${name} is out of stock` });
    } else if (item.quantity > sold.stockQuantity) {
      problems.push({ ...which, kind: 'insufficient_stock', message: `Only ${sold.stockQuantity} of ${name} left in stock` });
    }
    if (item.price !== undefined && toCents(item.price) !== toCents(sold.price)) {
      problems.push({
        ...which,
        kind: 'price_changed',
        message: `The price of ${name} changed from $${formatCents(toCents(item.price))} to $${formatCents(toCents(sold.price))}`,
      });
    }
    lines.push({
      ...which,
      ...(variant ? { variant: variantTitle(variant.options) } : {}),
      name: product.name,
      price: formatCents(toCents(sold.price)),
      quantity: item.quantity,
      lineTotal: formatCents(lineCents(sold.price, item.quantity)),
      imageUrl: variant?.imageUrl ?? product.imageUrl,
      stockQuantity: sold.stockQuantity,
    });
    weight += weightHundredths(sold.weight) * item.quantity;
    surcharge += (product.shippingSurcharge ?? 0) * item.quantity;
  });

  const subtotal = sumCents(lines.map((line) => toCents(line.lineTotal)));
  // D40: a code comes off the goods before shipping and tax, so free shipping is judged on, and tax charged on, what the
  // goods cost after it (as Shopify does); a free-shipping code waives the shipping instead.
  const goodsOff = discountRule ? goodsDiscountCents(discountRule, subtotal) : 0;
  const goods = subtotal - goodsOff;
  // D39: the state's zone; before a state is chosen, the first zone's as an estimate. The caller refuses a state the
  // shop does not ship to (STATE_NOT_SERVED) before pricing.
  const zone = state ? zoneOf(rules, state) : rules.zones[0];
  // Oversize pieces' surcharges are added for every unit even when the order ships free, as Shopify charges them.
  const shipped = lines.length > 0 && zone !== undefined;
  const shipping = shipped ? zoneShippingCents(zone, { weightHundredths: weight, subtotalCents: goods, surchargeCents: surcharge }) : 0;
  const tax = state ? stateTaxCents(rules, state, goods) : 0;
  // A free-shipping code waives the zone's rate; the surcharges stay, as on any order that ships free.
  const waived = discountRule?.kind === 'free_shipping' && shipped ? shipping - surcharge : 0;
  const discountCents = goodsOff + waived;
  return {
    lines,
    problems,
    subtotalCents: subtotal,
    shippingCents: shipping,
    taxCents: tax,
    totalCents: subtotal - discountCents + shipping + tax,
    weightHundredths: weight,
    ...(discountRule ? { discount: { code: discountRule.code, kind: discountRule.kind, cents: discountCents } } : {}),
  };
}

/** The variants a cart names, for their one statement. */
export const cartVariantIds = (cart: readonly CartLine[]): number[] =>
  cart.flatMap((item) => (item.variantId === undefined ? [] : [item.variantId]));

/** The line's variant, checked against its product (D38); undefined for a product without options. */
function soldVariant(
  product: PricedProduct,
  item: CartLine,
  index: number,
  variants: ReadonlyMap<number, PricedVariant>,
): PricedVariant | undefined {
  const field = `items.${index}.variantId`;
  if (item.variantId === undefined) {
    if (!product.hasOptions) return undefined;
    throw new AppError('VARIANT_REQUIRED', `${field}: ${product.name} comes in variants: name one`, { field });
  }
  const variant = variants.get(item.variantId);
  if (!product.hasOptions || !variant || variant.productId !== product.id) {
    throw new AppError('VARIANT_UNKNOWN', `${field}: ${item.variantId} is not a variant of ${product.name}`, { field });
  }
  return variant;
}

/** A priced cart as an order carries it: its lines as items and its figures as two-decimal strings (D2). */
export function orderFigures(price: CartPrice) {
  return {
    items: price.lines.map((line) => ({
      productId: line.productId,
      ...(line.variantId === undefined ? {} : { variantId: line.variantId, variant: line.variant }),
      name: line.name,
      price: line.price,
      quantity: line.quantity,
    })),
    subtotal: formatCents(price.subtotalCents),
    shipping: formatCents(price.shippingCents),
    tax: formatCents(price.taxCents),
    total: formatCents(price.totalCents),
    discountCode: price.discount?.code ?? null,
    discount: formatCents(price.discount?.cents ?? 0),
  };
}

/** A priced cart as the checkout's quote answers it: its lines and problems, its figures as two-decimal strings (D2). */
export function quoteAnswer(price: CartPrice) {
  return {
    lines: price.lines,
    problems: price.problems,
    subtotal: formatCents(price.subtotalCents),
    shipping: formatCents(price.shippingCents),
    tax: formatCents(price.taxCents),
    total: formatCents(price.totalCents),
    weight: formatCents(price.weightHundredths),
    ...(price.discount
      ? { discount: { code: price.discount.code, kind: price.discount.kind, amount: formatCents(price.discount.cents) } }
      : {}),
  };
}
