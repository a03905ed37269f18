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
