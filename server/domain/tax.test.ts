import { describe, expect, it } from 'vitest';
import { TAX_RATES, formatTaxRate, taxCents } from './tax';

describe('tax', () => {
  it('has the D6 rates in basis points', () => {
    expect(TAX_RATES).toEqual({ GA: 400, NC: 475, SC: 600, TN: 700, FL: 600, AL: 400 });
  });

  it.each([
    [10000, 'GA', 400],
    [10000, 'NC', 475],
    [10000, 'SC', 600],
    [10000, 'TN', 700],
    [10000, 'FL', 600],
    [10000, 'AL', 400],
  ] as const)('%i cents in %s -> %i cents', (subtotal, state, tax) => {
    expect(taxCents(subtotal, state)).toBe(tax);
  });

  it('rounds half up to the cent', () => {
    expect(taxCents(1000, 'NC')).toBe(48); // 47.5 -> 48
    expect(taxCents(1010, 'NC')).toBe(48); // 47.975 -> 48
    expect(taxCents(1001, 'NC')).toBe(48); // 47.5475 -> 48
    expect(taxCents(999, 'NC')).toBe(47); // 47.4525 -> 47
    expect(taxCents(4550, 'TN')).toBe(319); // 318.5 -> 319
    expect(taxCents(4549, 'TN')).toBe(318); // 318.43 -> 318
    expect(taxCents(0, 'GA')).toBe(0);
  });

  it('refuses a non-integer or negative subtotal', () => {
    expect(() => taxCents(10.5, 'GA')).toThrow(RangeError);
    expect(() => taxCents(-100, 'GA')).toThrow(RangeError);
  });

  it('refuses an unknown state', () => {
    expect(() => taxCents(1000, 'NY' as never)).toThrow(RangeError);
  });

  it('formats rates for display', () => {
    expect(formatTaxRate('NC')).toBe('4.75%');
    expect(formatTaxRate('GA')).toBe('4%');
    expect(formatTaxRate('TN')).toBe('7%');
  });
});
