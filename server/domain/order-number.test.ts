import { describe, expect, it } from 'vitest';
import { formatOrderNumber } from './order-number';

describe('formatOrderNumber', () => {
  it('pads the id to six digits after a #', () => {
    expect(formatOrderNumber(42)).toBe('#000042');
    expect(formatOrderNumber(1)).toBe('#000001');
    expect(formatOrderNumber(999999)).toBe('#999999');
    expect(formatOrderNumber('7')).toBe('#000007');
  });

  it('shows longer ids in full', () => {
    expect(formatOrderNumber(1234567)).toBe('#1234567');
  });

  it('refuses something that is not an id', () => {
    expect(() => formatOrderNumber(-1)).toThrow(RangeError);
    expect(() => formatOrderNumber(1.5)).toThrow(RangeError);
    expect(() => formatOrderNumber('abc')).toThrow(RangeError);
  });
});
