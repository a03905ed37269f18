import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackAddToCart } from './analytics';

const globalWithWindow = globalThis as unknown as { window?: { gtag?: (...args: unknown[]) => void } };

afterEach(() => {
  delete globalWithWindow.window;
});

describe('trackAddToCart', () => {
  it('sends the add-to-cart event with currency, value, item id, name, price and quantity 1', () => {
    const gtag = vi.fn();
    globalWithWindow.window = { gtag };
    trackAddToCart({ id: 7, name: 'Walnut Pen', price: '24.50' });
    expect(gtag).toHaveBeenCalledWith('event', 'add_to_cart', {
      currency: 'USD',
      value: 24.5,
      items: [{ item_id: '7', item_name: 'Walnut Pen', price: 24.5, quantity: 1 }],
    });
  });

  it('does nothing when no analytics function is present, and survives a broken one', () => {
    globalWithWindow.window = {};
    expect(() => trackAddToCart({ id: 1, name: 'Bowl', price: '1.00' })).not.toThrow();
    globalWithWindow.window = {
      gtag: () => {
        throw new Error('blocked');
      },
    };
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => trackAddToCart({ id: 1, name: 'Bowl', price: '1.00' })).not.toThrow();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
