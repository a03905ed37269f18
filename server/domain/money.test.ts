import { describe, expect, it } from 'vitest';
import { centsToNumber, formatCents, formatPrice, lineCents, sumCents, toCents } from './money';

describe('money', () => {
  it('parses two-decimal strings and numbers into exact cents', () => {
    expect(toCents('45.00')).toBe(4500);
    expect(toCents('45.5')).toBe(4550);
    expect(toCents('0.07')).toBe(7);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents('-3.10')).toBe(-310);
  });

  it('refuses what is not an amount', () => {
    expect(() => toCents('abc')).toThrow();
    expect(() => toCents('1.234')).toThrow();
    expect(() => toCents(Number.NaN)).toThrow();
  });

  it('formats cents as two-decimal strings', () => {
    expect(formatCents(4500)).toBe('45.00');
    expect(formatCents(7)).toBe('0.07');
    expect(formatCents(-310)).toBe('-3.10');
    expect(formatPrice('12')).toBe('$12.00');
    expect(centsToNumber(360)).toBe(3.6);
  });

  it('sums lines without float drift', () => {
    const lines = [lineCents('0.10', 3), lineCents('19.99', 7), lineCents('0.01', 1)];
    expect(sumCents(lines)).toBe(30 + 13993 + 1);
    expect(formatCents(sumCents(lines))).toBe('140.24');
  });
});
