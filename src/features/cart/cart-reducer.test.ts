import { describe, expect, it } from 'vitest';
import { cartQuantity, cartReducer, cartTotalCents, type CartItem, type CartProduct } from './cart-reducer';

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
    expect(cartReducer(cart, { type: 'setQuantity', id: 1, quantity: 0 })).toEqual([{ ...board, quantity: 1 }]);
    expect(cartReducer(cart, { type: 'setQuantity', id: 2, quantity: -3 })).toEqual([{ ...bowl, quantity: 2 }]);
    expect(cartReducer(cart, { type: 'setQuantity', id: 1, quantity: 5 })[0]?.quantity).toBe(5);
  });

  it('removes one item and clears them all', () => {
    const cart: CartItem[] = [
      { ...bowl, quantity: 1 },
      { ...board, quantity: 1 },
    ];
    expect(cartReducer(cart, { type: 'remove', id: 1 }).map((item) => item.id)).toEqual([2]);
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

describe('load', () => {
  it('replaces the cart with the stored one', () => {
    const stored = [{ id: 9, name: 'Bowl', price: '10.00', imageUrl: '/b.svg', weight: '1.00', quantity: 2 }];
    expect(cartReducer([], { type: 'load', items: stored })).toBe(stored);
  });
});
