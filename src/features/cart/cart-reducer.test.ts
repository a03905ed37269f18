import { describe, expect, it } from 'vitest';
import { cartQuantity, cartReducer, cartTotalCents, lineKey, type CartItem, type CartProduct } from './cart-reducer';

const bowl: CartProduct = { id: 1, name: 'Walnut Bowl', price: '45.00', imageUrl: '/b.svg', weight: '1.20' };
const board: CartProduct = { id: 2, name: 'Maple Board', price: '19.99', imageUrl: '/m.svg', weight: '3.00' };

describe('cartReducer', () => {
  it('adds a new item with quantity 1, and raises it by 1 when added again', () => {
    let cart = cartReducer([], { type: 'add', product: bowl });
    expect(cart).toEqual([{ ...bowl, quantity: 1 }]);
    cart = cartReducer(cart, { type: 'add', product: bowl });
    expect(cart).toEqual([{ ...bowl, quantity: 2 }]);
  });

  it('removes an item whose quantity is set to 0 or less', () => {
    const cart: CartItem[] = [
      { ...bowl, quantity: 2 },
      { ...board, quantity: 1 },
    ];
    expect(cartReducer(cart, { type: 'setQuantity', line: { id: 1 }, quantity: 0 })).toEqual([{ ...board, quantity: 1 }]);
    expect(cartReducer(cart, { type: 'setQuantity', line: { id: 2 }, quantity: -3 })).toEqual([{ ...bowl, quantity: 2 }]);
    expect(cartReducer(cart, { type: 'setQuantity', line: { id: 1 }, quantity: 5 })[0]?.quantity).toBe(5);
  });

  it('removes one item and clears them all', () => {
    const cart: CartItem[] = [
      { ...bowl, quantity: 1 },
      { ...board, quantity: 1 },
    ];
    expect(cartReducer(cart, { type: 'remove', line: { id: 1 } }).map((item) => item.id)).toEqual([2]);
    expect(cartReducer(cart, { type: 'clear' })).toEqual([]);
  });

  it('totals price x quantity in exact cents', () => {
    const cart: CartItem[] = [
      { ...bowl, quantity: 2 },
      { ...board, quantity: 3 },
    ];
    expect(cartTotalCents(cart)).toBe(9000 + 5997);
    expect(cartQuantity(cart)).toBe(5);
  });
});

describe('variants (D38)', () => {
  const walnut: CartProduct = { ...bowl, price: '78.00', weight: '1.60', variantId: 11, variant: 'Walnut / Large', stockQuantity: 2 };
  const cherry: CartProduct = { ...bowl, price: '54.00', weight: '1.05', variantId: 12, variant: 'Cherry / Small', stockQuantity: 4 };

  it('keeps two variants of one product as two lines, and the same variant added again as one', () => {
    let cart = cartReducer([], { type: 'add', product: walnut });
    cart = cartReducer(cart, { type: 'add', product: cherry });
    cart = cartReducer(cart, { type: 'add', product: walnut });
    expect(cart.map((item) => [item.variant, item.quantity])).toEqual([
      ['Walnut / Large', 2],
      ['Cherry / Small', 1],
    ]);
    expect(cartTotalCents(cart)).toBe(2 * 7800 + 5400);
  });

  it('keeps a product without options apart from its variants', () => {
    let cart = cartReducer([], { type: 'add', product: bowl });
    cart = cartReducer(cart, { type: 'add', product: walnut });
    expect(cart).toHaveLength(2);
    expect(cart.map(lineKey)).toEqual(['1', '1-11']);
  });

  it('changes and removes only the line of the variant named', () => {
    const cart: CartItem[] = [
      { ...walnut, quantity: 1 },
      { ...cherry, quantity: 3 },
    ];
    const changed = cartReducer(cart, { type: 'setQuantity', line: { id: 1, variantId: 12 }, quantity: 2 });
    expect(changed.map((item) => item.quantity)).toEqual([1, 2]);
    expect(cartReducer(cart, { type: 'remove', line: { id: 1, variantId: 11 } }).map((item) => item.variant)).toEqual(['Cherry / Small']);
    // The product's id alone names the line without a variant, which this cart does not have.
    expect(cartReducer(cart, { type: 'remove', line: { id: 1 } })).toEqual(cart);
  });
});

describe('load', () => {
  it('replaces the cart with the stored one', () => {
    const stored = [{ id: 9, name: 'Bowl', price: '10.00', imageUrl: '/b.svg', weight: '1.00', quantity: 2 }];
    expect(cartReducer([], { type: 'load', items: stored })).toBe(stored);
  });
});
