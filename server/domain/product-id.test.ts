import { describe, expect, it } from 'vitest';
import { parseProductId } from './product-id';

describe('parseProductId', () => {
  it('accepts positive integers', () => {
    expect(parseProductId('1')).toBe(1);
    expect(parseProductId('2147483647')).toBe(2147483647);
  });

  it('refuses anything else', () => {
    for (const text of ['', '0', '-1', '1.5', 'abc', '01', '1e3', '2147483648', ' 1']) expect(parseProductId(text), text).toBeNull();
  });
});
