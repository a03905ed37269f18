// Discount codes (D40), the pure rules: what a code takes off a cart. Shared with the client, so no I/O.

export const DISCOUNT_KINDS = ['percentage', 'fixed', 'free_shipping'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** A code as pricing applies it: already checked to be usable now (dates, pause, uses, minimum). */
export interface DiscountRule {
  code: string;
  kind: DiscountKind;
  /** Percentage: the percent off (1 to 100) as cents x 100 of a percent ('10.00' -> 1000); fixed: cents off. */
  valueCents: number;
}

/**
 * What the code takes off the goods, in cents: a percentage of the subtotal rounded half up to the cent, or a fixed
 * amount never more than the goods cost; a free-shipping code takes nothing off the goods (it waives shipping).
 */
export function goodsDiscountCents(rule: DiscountRule, subtotalCents: number): number {
  switch (rule.kind) {
    case 'percentage':
      // valueCents / 100 percent of the subtotal: subtotal x valueCents / 10000, half up, in integers.
      return Math.min(subtotalCents, Math.floor((subtotalCents * rule.valueCents + 5000) / 10000));
    case 'fixed':
      return Math.min(subtotalCents, rule.valueCents);
    case 'free_shipping':
      return 0;
  }
}
