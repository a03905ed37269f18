import { z } from 'zod';
import { toCents } from './money';

// Amounts as inputs arrive: a two-decimal string ("45.00", the wire form of D2) or a JSON number (45.5).
// Both become integer cents; NaN, negatives, and more than two decimals are refused with a clear message.

const AMOUNT_TEXT = /^\d{1,8}(\.\d{1,2})?$/;
/** The most an amount input may be (999999.99, within numeric(10,2)): so also the most one payment may take. */
export const MAX_CENTS = 99_999_999;

function hasAtMostTwoDecimals(value: number) {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

export const amountCentsInput = z
  .union(
    [
      z.string().max(20, 'must be an amount like 45.00').trim().regex(AMOUNT_TEXT, 'must be an amount like 45.00'),
      z
        .number('must be an amount like 45.00')
        .finite()
        .nonnegative('must not be negative')
        .refine(hasAtMostTwoDecimals, 'must have at most two decimals'),
    ],
    { error: 'must be an amount like 45.00' },
  )
  .transform((value) => toCents(value))
  .refine((cents) => cents <= MAX_CENTS, 'is too large')
  // `override`, not `examples`: zod leaves examples out of the input side of a transform.
  .meta({ override: { examples: ['45.00'] } });

/** An amount field, described for the API document. */
export const amountInput = (what: string) =>
  amountCentsInput.describe(`${what}: US dollars as a decimal string ("45.00") or a JSON number (45), at most two decimal places`);

/** A weight in pounds: a non-negative number or numeric string (SPEC sends the cart's total weight). */
export const weightInput = z
  .union(
    [
      z.number().finite().nonnegative('must not be negative'),
      z
        .string()
        .max(20, 'must be a weight in pounds')
        .trim()
        .regex(/^\d{1,6}(\.\d+)?$/, 'must be a weight in pounds'),
    ],
    {
      error: 'must be a weight in pounds',
    },
  )
  .transform((value) => Number(value))
  .refine((value) => value <= 100_000, 'is too large')
  .meta({
    description: 'A weight in pounds: a JSON number (3.5) or a numeric string ("3.5"), 0 to 100000',
    override: { examples: [3.5] },
  });
