import { formatCents, lineCents, sumCents, toCents } from '../../domain/money';
import { shippingCents, weightHundredths } from '../../domain/shipping';
import type { StateCode } from '../../domain/states';
import { taxCents } from '../../domain/tax';

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
}

export interface CartLine {
  productId: number;
  quantity: number;
  /** The price the buyer saw, when known: a difference is reported as a price change. */
  price?: string;
}

export type ProblemKind = 'unavailable' | 'out_of_stock' | 'insufficient_stock' | 'price_changed';

export interface QuoteProblem {
  productId: number;
  kind: ProblemKind;
  message: string;
}

export interface QuoteLine {
  productId: number;
  name: string;
  price: string;
  quantity: number;
  lineTotal: string;
  imageUrl: string;
  stockQuantity: number;
}

export interface CartPrice {
  lines: QuoteLine[];
  problems: QuoteProblem[];
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  weightHundredths: number;
}

export function priceCart(products: readonly PricedProduct[], cart: readonly CartLine[], state: StateCode | undefined): CartPrice {
  const byId = new Map(products.map((product) => [product.id, product]));
  const lines: QuoteLine[] = [];
  const problems: QuoteProblem[] = [];
  let weight = 0;

  for (const item of cart) {
    const product = byId.get(item.productId);
    if (!product || product.archived) {
      problems.push({ productId: item.productId, kind: 'unavailable', message: `Product ${item.productId} is no longer sold` });
      continue;
    }
    if (!product.inStock || product.stockQuantity <= 0) {
      problems.push({ productId: product.id, kind: 'out_of_stock', message: `${product.name} is out of stock` });
    } else if (item.quantity > product.stockQuantity) {
      problems.push({
        productId: product.id,
        kind: 'insufficient_stock',
        message: `Only ${product.stockQuantity} of ${product.name} left in stock`,
      });
    }
    if (item.price !== undefined && toCents(item.price) !== toCents(product.price)) {
      problems.push({
        productId: product.id,
        kind: 'price_changed',
        message: `The price of ${product.name} changed from $${formatCents(toCents(item.price))} to $${formatCents(toCents(product.price))}`,
      });
    }
    lines.push({
      productId: product.id,
      name: product.name,
      price: formatCents(toCents(product.price)),
      quantity: item.quantity,
      lineTotal: formatCents(lineCents(product.price, item.quantity)),
      imageUrl: product.imageUrl,
      stockQuantity: product.stockQuantity,
    });
    weight += weightHundredths(product.weight) * item.quantity;
  }

  const subtotal = sumCents(lines.map((line) => toCents(line.lineTotal)));
  const shipping = lines.length === 0 ? 0 : shippingCents({ weightLb: weight / 100, subtotalCents: subtotal });
  const tax = state ? taxCents(subtotal, state) : 0;
  return {
    lines,
    problems,
    subtotalCents: subtotal,
    shippingCents: shipping,
    taxCents: tax,
    totalCents: subtotal + shipping + tax,
    weightHundredths: weight,
  };
}

/** A priced cart as an order carries it: its lines as items and its figures as two-decimal strings (D2). */
export function orderFigures(price: CartPrice) {
  return {
    items: price.lines.map((line) => ({ productId: line.productId, name: line.name, price: line.price, quantity: line.quantity })),
    subtotal: formatCents(price.subtotalCents),
    shipping: formatCents(price.shippingCents),
    tax: formatCents(price.taxCents),
    total: formatCents(price.totalCents),
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
  };
}
