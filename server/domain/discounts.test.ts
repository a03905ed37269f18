import { describe, expect, it } from 'vitest';
import { goodsDiscountCents } from './discounts';

describe('goodsDiscountCents', () => {
  it('takes a percentage of the goods, half up to the cent', () => {
    expect(goodsDiscountCents({ code: 'A', kind: 'percentage', valueCents: 1000 }, 6800)).toBe(680);
    expect(goodsDiscountCents({ code: 'A', kind: 'percentage', valueCents: 1500 }, 1999)).toBe(300); // 299.85
    expect(goodsDiscountCents({ code: 'A', kind: 'percentage', valueCents: 10000 }, 4500)).toBe(4500);
  });

  it('takes a fixed amount, never more than the goods cost', () => {
    expect(goodsDiscountCents({ code: 'A', kind: 'fixed', valueCents: 1000 }, 6800)).toBe(1000);
    expect(goodsDiscountCents({ code: 'A', kind: 'fixed', valueCents: 9000 }, 6800)).toBe(6800);
  });

  it('takes nothing off the goods for free shipping', () => {
    expect(goodsDiscountCents({ code: 'A', kind: 'free_shipping', valueCents: 0 }, 6800)).toBe(0);
  });
});
