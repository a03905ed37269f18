// Shipping table (docs/decisions.md D5). The one place these numbers live; docs/payments.md and the UI quote the constants.

export const FREE_SHIPPING_THRESHOLD_CENTS = 7500;
export const BASE_SHIPPING_CENTS = 695;
export const BASE_WEIGHT_LB = 2;
export const EXTRA_LB_CENTS = 125;

// Weights are handled in hundredths of a pound so that 2.01 lb never turns into 2.0099999 lb.
const HUNDREDTHS_PER_LB = 100;

/** '2.5' or 2.5 -> 250. Rounds to 0.01 lb. Throws on a negative or non-numeric weight. */
export function weightHundredths(weightLb: number | string): number {
  const value = typeof weightLb === 'string' ? Number(weightLb.trim()) : weightLb;
  if (typeof weightLb === 'string' && weightLb.trim() === '') throw new RangeError('Weight is empty');
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`Not a weight: ${String(weightLb)}`);
  return Math.round(value * HUNDREDTHS_PER_LB);
}

/**
 * Free from $75.00 of subtotal; otherwise $6.95 covers the first 2 lb and each further lb,
 * or part of one, adds $1.25. The subtotal is optional because SPEC's call only sends weight.
 */
export function shippingCents({ weightLb, subtotalCents }: { weightLb: number | string; subtotalCents?: number }): number {
  const hundredths = weightHundredths(weightLb);
  if (subtotalCents !== undefined && subtotalCents >= FREE_SHIPPING_THRESHOLD_CENTS) return 0;
  const excess = Math.max(0, hundredths - BASE_WEIGHT_LB * HUNDREDTHS_PER_LB);
  const extraPounds = Math.ceil(excess / HUNDREDTHS_PER_LB);
  return BASE_SHIPPING_CENTS + extraPounds * EXTRA_LB_CENTS;
}
