import { describe, expect, it } from 'vitest';
import { FREE_SHIPPING_THRESHOLD_CENTS, shippingCents, weightHundredths } from './shipping';

describe('shippingCents', () => {
  it.each([
    [0, 695],
    [1.5, 695],
    [2, 695],
    [2.01, 820],
    [3, 820],
    [3.01, 945],
    [4, 945],
    [10.5, 695 + 9 * 125],
  ])('%s lb costs %i cents', (weightLb, cents) => {
    expect(shippingCents({ weightLb })).toBe(cents);
  });

  it('accepts the weight as a decimal string', () => {
    expect(shippingCents({ weightLb: '2.01' })).toBe(820);
    expect(shippingCents({ weightLb: '3.0' })).toBe(820);
  });

  it('does not suffer float error on sums of weights', () => {
    // 0.1 + 0.2 is 0.30000000000000004 lb as a float; still within the first 2 lb.
    expect(shippingCents({ weightLb: 1.7 + 0.1 + 0.2 })).toBe(695);
    expect(shippingCents({ weightLb: 1.1 * 3 })).toBe(945); // 3.3000000000000003 -> 3.30 lb
  });

  it('is free from $75.00 of subtotal, not below', () => {
    expect(FREE_SHIPPING_THRESHOLD_CENTS).toBe(7500);
    expect(shippingCents({ weightLb: 5, subtotalCents: 7500 })).toBe(0);
    expect(shippingCents({ weightLb: 5, subtotalCents: 7499 })).toBe(695 + 3 * 125);
  });

  it('refuses a negative or non-numeric weight', () => {
    expect(() => shippingCents({ weightLb: -1 })).toThrow(RangeError);
    expect(() => shippingCents({ weightLb: 'heavy' })).toThrow(RangeError);
    expect(() => shippingCents({ weightLb: '' })).toThrow(RangeError);
    expect(() => weightHundredths(Number.NaN)).toThrow(RangeError);
  });
});
