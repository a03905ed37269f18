import type { SPEC_STATE_CODES } from './states';

type SpecState = (typeof SPEC_STATE_CODES)[number];

// SPEC's state base sales-tax rates (docs/decisions.md D6) in basis points, so the arithmetic stays in integers. A new
// shop's starting tax settings (D39); what the shop charges is server/domain/sales-rules.ts, from the owner's settings.
export const TAX_RATES: Readonly<Record<SpecState, number>> = {
  GA: 400,
  NC: 475,
  SC: 600,
  TN: 700,
  FL: 600,
  AL: 400,
};

const BASIS_POINTS = 10_000;

/** Tax at SPEC's rate of one of its six states, on the subtotal (not on shipping), rounded half up to the cent. */
export function taxCents(subtotalCents: number, state: SpecState): number {
  const rate = TAX_RATES[state];
  if (rate === undefined) throw new RangeError(`No tax rate for state: ${String(state)}`);
  return taxAtRate(subtotalCents, rate);
}

/** Tax at a rate in basis points on the subtotal, rounded half up to the cent. */
export function taxAtRate(subtotalCents: number, rateBasisPoints: number): number {
  if (!Number.isSafeInteger(subtotalCents) || subtotalCents < 0) {
    throw new RangeError(`Subtotal must be a non-negative integer of cents: ${subtotalCents}`);
  }
  // Adding half the divisor before flooring is half-up rounding for non-negative values.
  return Math.floor((subtotalCents * rateBasisPoints + BASIS_POINTS / 2) / BASIS_POINTS);
}

/** 475 -> '4.75%', for README and UI. */
export function formatTaxRate(state: SpecState): string {
  return formatRate(TAX_RATES[state]);
}

/** A rate in basis points as people read it: 475 -> '4.75%', 400 -> '4%'. */
export function formatRate(rate: number): string {
  const whole = Math.floor(rate / 100);
  const fraction = rate % 100;
  return fraction === 0 ? `${whole}%` : `${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}%`;
}
