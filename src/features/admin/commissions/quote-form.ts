import type { DiscountRule } from '../../../../server/domain/discounts';
import { toCents } from '../../../../server/domain/money';
import { quoteTotals, type QuoteTotals } from '../../../../server/domain/quote-totals';
import type { SalesRules } from '../../../../server/domain/sales-rules';
import type { StateCode } from '../../../../server/domain/states';
import type { AdminProduct } from '../types';
import type { AdminCommission } from './commission-types';

/** A line as typed; `productId` and `variantId` '' for a line of free text (D38: a line may be a shop's piece). */
export interface QuoteLineForm {
  description: string;
  price: string;
  quantity: string;
  productId: string;
  variantId: string;
}

export interface QuoteForm {
  lines: QuoteLineForm[];
  weight: string;
  /** Shipping set by hand; '' for the shop's, computed from the weight (D39). */
  shipping: string;
  depositKind: 'percent' | 'amount';
  deposit: string;
  /** A discount code of the shop's (D40), the owner's choice; '' for none. */
  discountCode: string;
  leadTimeWeeks: string;
  validUntil: string;
  message: string;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
export const EMPTY_LINE: QuoteLineForm = { description: '', price: '', quantity: '1', productId: '', variantId: '' };

/** A new quote starts from the current one (a new version usually changes one figure), or from sensible defaults. */
export function quoteFormOf(commission: AdminCommission): QuoteForm {
  const quote = commission.quote;
  if (!quote) {
    return {
      lines: [{ ...EMPTY_LINE }],
      weight: '',
      shipping: '',
      depositKind: 'percent',
      deposit: '30',
      discountCode: '',
      leadTimeWeeks: '4',
      validUntil: inDays(30),
      message: '',
    };
  }
  return {
    lines: quote.lines.map((line) => ({
      description: line.description,
      price: line.price,
      quantity: String(line.quantity),
      productId: line.productId === undefined ? '' : String(line.productId),
      variantId: line.variantId === undefined ? '' : String(line.variantId),
    })),
    weight: String(quote.weight),
    shipping: '',
    depositKind: 'amount',
    deposit: quote.deposit,
    discountCode: quote.discountCode ?? '',
    leadTimeWeeks: String(Math.max(1, Math.round(quote.leadTimeDays / 7))),
    validUntil: quote.validUntil < inDays(0) ? inDays(30) : quote.validUntil,
    message: quote.message ?? '',
  };
}

/** The quote as the server takes it; numbers the owner typed oddly are left for the server to name. */
export function quoteInputOf(id: number, form: QuoteForm) {
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
  return {
    id,
    lines: form.lines.map((line) => ({
      description: line.description,
      price: line.price.trim(),
      quantity: number(line.quantity),
      ...(line.productId ? { productId: Number(line.productId) } : {}),
      ...(line.variantId ? { variantId: Number(line.variantId) } : {}),
    })),
    weight: number(form.weight),
    ...(form.shipping.trim() ? { shipping: form.shipping.trim() } : {}),
    ...(form.depositKind === 'percent' ? { depositPercent: number(form.deposit) } : { depositAmount: form.deposit.trim() }),
    ...(form.discountCode.trim() ? { discountCode: form.discountCode.trim() } : {}),
    leadTimeDays: Math.round(number(form.leadTimeWeeks) * 7),
    validUntil: form.validUntil,
    ...(form.message.trim() ? { message: form.message.trim() } : {}),
  };
}

/** The variants the owner may quote of a product: those still made (a switched-off one is refused by the server). */
export const quotableVariants = (product: AdminProduct | undefined) => (product?.variants ?? []).filter((variant) => variant.enabled);

/** What a chosen piece writes into its line: the product's name (and the variant's title) and its price. */
function pieceFill(product: AdminProduct | undefined, variantId: string) {
  if (!product) return undefined;
  if (!product.variants) return { description: product.name, price: product.price };
  const variant = product.variants.find((candidate) => String(candidate.id) === variantId);
  return variant && { description: `${product.name} (${variant.title})`, price: variant.price };
}

/**
 * The line once the owner chose a shop's piece (`productId`, '' for none) and its variant (`variantId`, '' for none
 * yet): the price becomes the piece's, and the description its name, unless the owner wrote one of their own (a
 * description still as the previous choice filled it is replaced). The owner may change both afterwards.
 */
export function choosePiece(line: QuoteLineForm, products: readonly AdminProduct[], productId: string, variantId: string): QuoteLineForm {
  const byId = (id: string) => products.find((product) => String(product.id) === id);
  const before = pieceFill(byId(line.productId), line.variantId);
  const fill = pieceFill(byId(productId), variantId);
  const chosen = { ...line, productId, variantId };
  if (!fill) return chosen;
  const ownWords = line.description.trim() !== '' && line.description !== before?.description;
  return { ...chosen, description: ownWords ? line.description : fill.description, price: fill.price };
}

/**
 * The quote's figures as the owner types (D39), by the server's own rule (server/domain/quote-totals.ts) and the
 * shop's settings; null until every figure it needs reads as a number (the server names what is wrong on sending).
 */
export function runningTotals(
  form: QuoteForm,
  rules: SalesRules,
  state: StateCode,
  discount: DiscountRule | null = null,
): QuoteTotals | null {
  const cents = (text: string) => {
    try {
      const value = toCents(text.trim());
      return value >= 0 ? value : null;
    } catch {
      return null;
    }
  };
  const lines = form.lines.map((line) => ({ price: cents(line.price), quantity: Number(line.quantity) }));
  const weight = Number(form.weight);
  const shipping = form.shipping.trim() === '' ? undefined : cents(form.shipping);
  const deposit = form.depositKind === 'percent' ? Number(form.deposit) : cents(form.deposit);
  const readable =
    lines.every((line) => line.price !== null && Number.isInteger(line.quantity) && line.quantity > 0) &&
    form.weight.trim() !== '' &&
    Number.isFinite(weight) &&
    weight >= 0 &&
    shipping !== null &&
    deposit !== null &&
    Number.isFinite(deposit) &&
    form.deposit.trim() !== '';
  if (!readable) return null;
  return quoteTotals(
    {
      lines: lines.map((line) => ({ price: line.price!, quantity: line.quantity })),
      weight,
      shipping,
      ...(form.depositKind === 'percent' ? { depositPercent: deposit } : { depositAmount: deposit }),
      discount,
    },
    rules,
    state,
  );
}

/** A discount code as the owner's list shows it: what the running total needs of it. */
export interface ListedCode {
  code: string;
  kind: DiscountRule['kind'];
  value: string;
  minimumSubtotal: string | null;
  status: string;
}

/**
 * The code the owner typed on the quote (D40), looked up in the shop's codes (any case): its rule when it applies to
 * goods of `subtotalCents`, else why not, in the words the server's refusal will use when the quote is sent.
 */
export function quoteDiscount(
  typed: string,
  codes: readonly ListedCode[],
  subtotalCents: number,
): { rule: DiscountRule | null; note: string } {
  const code = codes.find((candidate) => candidate.code.toLowerCase() === typed.trim().toLowerCase());
  if (!code) return { rule: null, note: "not a discount code of the shop's" };
  if (code.status !== 'active') return { rule: null, note: `${code.status.replace('_', ' ')}: it will be refused` };
  if (code.minimumSubtotal !== null && subtotalCents < toCents(code.minimumSubtotal))
    return { rule: null, note: `needs goods of at least $${code.minimumSubtotal}` };
  return { rule: { code: code.code, kind: code.kind, valueCents: toCents(code.value) }, note: code.code };
}
