import type { StateCode } from './states';

// State base sales-tax rates (docs/decisions.md D6) in basis points, so the arithmetic stays in integers.
export const TAX_RATES: Readonly<Record<StateCode, number>> = {
  GA: 400,
  NC: 475,
  SC: 600,
  TN: 700,
  FL: 600,
  AL: 400,
};

const BASIS_POINTS = 10_000;

/** Tax on the subtotal (not on shipping), rounded half up to the cent. */
export function taxCents(subtotalCents: number, state: StateCode): number {
  if (!Number.isSafeInteger(subtotalCents) || subtotalCents < 0) {
    throw new RangeError(`Subtotal must be a non-negative integer of cents: ${subtotalCents}`);
  }
  const rate = TAX_RATES[state];
  if (rate === undefined) throw new RangeError(`No tax rate for state: ${String(state)}`);
  // Adding half the divisor before flooring is half-up rounding for non-negative values.
  return Math.floor((subtotalCents * rate + BASIS_POINTS / 2) / BASIS_POINTS);
}

/** 475 -> '4.75%', for README and UI. */
export function formatTaxRate(state: StateCode): string {
  const rate = TAX_RATES[state];
  const whole = Math.floor(rate / 100);
  const fraction = rate % 100;
  return fraction === 0 ? `${whole}%` : `${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}%`;
}
