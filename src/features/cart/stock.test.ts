import { describe, expect, it } from 'vitest';
import { addRefusal, isAvailable } from './stock';

describe('stock rules of the cart', () => {
  it('counts a product as available only when in stock with a quantity above 0', () => {
    expect(isAvailable({ inStock: true, stockQuantity: 2 })).toBe(true);
    expect(isAvailable({ inStock: false, stockQuantity: 2 })).toBe(false);
    expect(isAvailable({ inStock: true, stockQuantity: 0 })).toBe(false);
  });

  it('refuses an out-of-stock product', () => {
    expect(addRefusal({ inStock: false, stockQuantity: 0 }, 0)).toEqual({ reason: 'out-of-stock' });
  });

  it('allows up to the stock shown and refuses one more', () => {
    expect(addRefusal({ inStock: true, stockQuantity: 2 }, 0)).toBeNull();
    expect(addRefusal({ inStock: true, stockQuantity: 2 }, 1)).toBeNull();
    expect(addRefusal({ inStock: true, stockQuantity: 2 }, 2)).toEqual({ reason: 'stock-limit', limit: 2 });
  });
});
