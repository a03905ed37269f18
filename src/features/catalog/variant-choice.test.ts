import { describe, expect, it } from 'vitest';
import { startingVariant, valueState, variantWith, withValue, type Variant } from './variant-choice';

const variant = (id: number, options: string[], stockQuantity: number): Variant => ({
  id,
  options,
  title: options.join(' / '),
  price: '10.00',
  stockQuantity,
  inStock: stockQuantity > 0,
  weight: '1.00',
  sku: null,
  imageUrl: null,
  enabled: true,
});

// Walnut comes in both sizes (Large sold out); Cherry only in Small.
const VARIANTS = [variant(1, ['Walnut', 'Large'], 0), variant(2, ['Walnut', 'Small'], 3), variant(3, ['Cherry', 'Small'], 2)];

describe('variantWith', () => {
  it('finds the variant of exactly these values, and none for a combination not sold', () => {
    expect(variantWith(VARIANTS, ['Walnut', 'Small'])?.id).toBe(2);
    expect(variantWith(VARIANTS, ['Cherry', 'Large'])).toBeUndefined();
    expect(variantWith(VARIANTS, ['Walnut'])).toBeUndefined();
  });
});

describe('startingVariant', () => {
  it("opens with the address's variant, even sold out", () => {
    expect(startingVariant(VARIANTS, 1)?.id).toBe(1);
  });

  it('falls back to the first in stock for an unknown id or none', () => {
    expect(startingVariant(VARIANTS, 99)?.id).toBe(2);
    expect(startingVariant(VARIANTS, undefined)?.id).toBe(2);
  });

  it('falls back to the first when none is in stock, and to none without variants', () => {
    expect(startingVariant([variant(5, ['Ash'], 0), variant(6, ['Oak'], 0)], undefined)?.id).toBe(5);
    expect(startingVariant([], 3)).toBeUndefined();
  });
});

describe('valueState', () => {
  it('marks a value sold out or unavailable with the other options as chosen', () => {
    const chosen = ['Walnut', 'Small'];
    expect(valueState(VARIANTS, chosen, 0, 'Cherry')).toBe('available');
    expect(valueState(VARIANTS, chosen, 1, 'Large')).toBe('sold-out');
    expect(valueState(VARIANTS, ['Cherry', 'Small'], 1, 'Large')).toBe('unavailable');
    expect(withValue(chosen, 1, 'Large')).toEqual(['Walnut', 'Large']);
  });
});
