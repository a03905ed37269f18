import { afterEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY, loadCart, saveCart } from './cart-storage';

const stored = (text: string | null) => ({ getItem: (key: string) => (key === CART_STORAGE_KEY ? text : null) });
const item = { id: 3, name: 'Ash Bowl', price: '30.00', imageUrl: '/a.svg', weight: '1.00', quantity: 2 };

afterEach(() => vi.restoreAllMocks());

describe('loadCart', () => {
  it('starts empty when nothing is stored', () => {
    expect(loadCart(stored(null))).toEqual([]);
  });

  it('reads back a saved cart', () => {
    const memory = new Map<string, string>();
    saveCart([item], { setItem: (key, value) => void memory.set(key, value) });
    expect(loadCart({ getItem: (key) => memory.get(key) ?? null })).toEqual([item]);
  });

  it('ignores and logs a stored cart that cannot be parsed', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(loadCart(stored('{"broken'))).toEqual([]);
    expect(log).toHaveBeenCalledTimes(1);
    expect(loadCart(stored('{"id":1}'))).toEqual([]);
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('drops entries that are not cart items', () => {
    const text = JSON.stringify([item, { id: 'x', name: 'Bad' }, { ...item, id: 4, quantity: 0 }, null]);
    expect(loadCart(stored(text))).toEqual([item]);
  });
});

describe('variants (D38)', () => {
  const walnut = { ...item, price: '78.00', variantId: 11, variant: 'Walnut / Large', stockQuantity: 2 };

  it("reads back a variant's line with its variant, beside a line stored before variants", () => {
    const memory = new Map<string, string>();
    saveCart([walnut, item], { setItem: (key, value) => void memory.set(key, value) });
    expect(loadCart({ getItem: (key) => memory.get(key) ?? null })).toEqual([walnut, item]);
  });

  it('loads a cart stored before variants as it was', () => {
    const old = '[{"id":3,"name":"Ash Bowl","price":"30.00","imageUrl":"/a.svg","weight":"1.00","quantity":2,"stockQuantity":5}]';
    expect(loadCart(stored(old))).toEqual([{ ...item, stockQuantity: 5 }]);
  });

  it('drops a line whose variant is not a variant id with its title', () => {
    const text = JSON.stringify([{ ...walnut, variantId: 'x' }, { ...walnut, variant: undefined }, walnut]);
    expect(loadCart(stored(text))).toEqual([walnut]);
  });
});

describe('saveCart', () => {
  it('logs instead of crashing when the browser refuses to store', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      saveCart([item], {
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
      }),
    ).not.toThrow();
    expect(log).toHaveBeenCalled();
  });
});
