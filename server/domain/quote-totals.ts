import { goodsDiscountCents, type DiscountRule } from './discounts';
import { lineCents, formatCents, sumCents } from './money';
import { stateTaxCents, zoneOf, zoneShippingCents, type SalesRules } from './sales-rules';
import { weightHundredths } from './shipping';
import type { StateCode } from './states';

// A commission quote's figures (D39), the one rule for the server (which checks and stores them) and the owner's
// editor (which shows them as the owner types): goods, shipping (the zone's for the packed weight, or the owner's
// own figure), a discount code the owner put on it (D40, as at the checkout: off the goods before tax, free shipping
// judged on the goods after it; a free-shipping code waives the shipping), tax on the goods, the deposit (a percentage rounds half up to the cent, as tax does) and the balance.

export interface QuoteTotalsInput {
  /** Each line's price in cents and its quantity. */
  lines: readonly { price: number; quantity: number }[];
  /** The packed weight in pounds. */
  weight: number;
  /** Shipping set by hand, in cents: replaces the zone's. */
  shipping?: number | null;
  depositPercent?: number;
  depositAmount?: number;
  /** A discount code the owner put on the quote, already checked to apply. */
  discount?: DiscountRule | null;
}

export interface QuoteTotals {
  subtotal: number;
  /** null: the shop does not ship to the state and no shipping was set by hand. */
  shipping: number | null;
  /** What the code takes off the total: off the goods, or the shipping for a free-shipping code; 0 without one. */
  discount: number;
  tax: number;
  total: number;
  deposit: number;
  balance: number;
}

export function quoteTotals(input: QuoteTotalsInput, rules: SalesRules, state: StateCode): QuoteTotals {
  const subtotal = sumCents(input.lines.map((line) => lineCents(formatCents(line.price), line.quantity)));
  const zone = zoneOf(rules, state);
  const goodsDiscount = input.discount ? goodsDiscountCents(input.discount, subtotal) : 0;
  const goods = subtotal - goodsDiscount;
  const shipping =
    input.shipping ?? (zone ? zoneShippingCents(zone, { weightHundredths: weightHundredths(input.weight), subtotalCents: goods }) : null);
  const discount = input.discount?.kind === 'free_shipping' ? (shipping ?? 0) : goodsDiscount;
  const tax = stateTaxCents(rules, state, goods);
  const total = subtotal - discount + (shipping ?? 0) + tax;
  const deposit = input.depositAmount ?? Math.floor((total * (input.depositPercent ?? 0) + 50) / 100);
  return { subtotal, shipping, discount, tax, total, deposit, balance: total - deposit };
}
