import { describe, expect, it } from 'vitest';
import { priceCart, type PricedProduct } from './pricing';

const product = (overrides: Partial<PricedProduct>): PricedProduct => ({
  id: 1,
  name: 'Cherry Bowl',
  price: '45.00',
  weight: '1.20',
  imageUrl: '/bowl.svg',
  stockQuantity: 5,
  inStock: true,
  archived: false,
  hasOptions: false,
  shippingSurcharge: null,
  ...overrides,
});

describe('priceCart', () => {
  it('prices lines from the products, with shipping by weight and tax by state', () => {
    const products = [product({ id: 1 }), product({ id: 2, name: 'Pen', price: '12.35', weight: '0.50' })];
    const quote = priceCart(
      products,
      [
        { productId: 1, quantity: 1 },
        { productId: 2, quantity: 1 },
      ],
      'NC',
    );
    expect(quote.lines.map((line) => line.lineTotal)).toEqual(['45.00', '12.35']);
    expect(quote.subtotalCents).toBe(5735);
    expect(quote.shippingCents).toBe(695); // 1.7 lb: the base rate
    expect(quote.taxCents).toBe(272); // 4.75% of 57.35 = 2.724 -> 2.72
    expect(quote.totalCents).toBe(5735 + 695 + 272);
    expect(quote.problems).toEqual([]);
  });

  it('ships free from $75 and adds $1.25 per started pound above 2 lb below it', () => {
    expect(priceCart([product({})], [{ productId: 1, quantity: 2 }], 'GA').shippingCents).toBe(0);
    const heavy = priceCart([product({ price: '10.00', weight: '3.01' })], [{ productId: 1, quantity: 1 }], 'GA');
    expect(heavy.shippingCents).toBe(695 + 2 * 125);
  });

  it("adds an oversize product's surcharge for each unit, even when the order ships free or a code waives shipping", () => {
    const board = product({ id: 2, name: 'Big Board', price: '80.00', weight: '1.00', shippingSurcharge: 2500 });
    const cart = [
      { productId: 1, quantity: 1 },
      { productId: 2, quantity: 2 },
    ];
    const free = priceCart([product({}), board], cart, 'GA');
    expect(free.shippingCents).toBe(2 * 2500); // $205 of goods ships free; the two boards' surcharges do not
    expect(free.totalCents).toBe(free.subtotalCents + 5000 + free.taxCents);
    const small = priceCart([product({ price: '10.00' }), { ...board, price: '10.00' }], cart, 'GA');
    expect(small.shippingCents).toBe(695 + 2 * 125 + 5000); // 3.2 lb: the base rate, two started pounds, the surcharges
    const code = { code: 'SHIPFREE', kind: 'free_shipping', valueCents: 0 } as const;
    const waived = priceCart([product({ price: '10.00' }), { ...board, price: '10.00' }], cart, 'GA', [], code);
    expect(waived.discount?.cents).toBe(695 + 2 * 125);
    expect(waived.totalCents).toBe(3000 + 5000 + waived.taxCents);
  });

  it('leaves tax at zero until a state is known', () => {
    expect(priceCart([product({})], [{ productId: 1, quantity: 1 }], undefined).taxCents).toBe(0);
  });

  it('reports unknown, archived, out-of-stock and short items, and changed prices', () => {
    const products = [
      product({ id: 1, archived: true }),
      product({ id: 2, stockQuantity: 0, inStock: false }),
      product({ id: 3, stockQuantity: 2 }),
      product({ id: 4, price: '50.00' }),
    ];
    const quote = priceCart(
      products,
      [
        { productId: 1, quantity: 1 },
        { productId: 2, quantity: 1 },
        { productId: 3, quantity: 3 },
        { productId: 4, quantity: 1, price: '45.00' },
        { productId: 99, quantity: 1 },
      ],
      'FL',
    );
    expect(quote.problems.map((problem) => [problem.productId, problem.kind])).toEqual([
      [1, 'unavailable'],
      [2, 'out_of_stock'],
      [3, 'insufficient_stock'],
      [4, 'price_changed'],
      [99, 'unavailable'],
    ]);
    expect(quote.problems[3]?.message).toBe('The price of Cherry Bowl changed from $45.00 to $50.00');
    // Unavailable items are not priced at all.
    expect(quote.lines.map((line) => line.productId)).toEqual([2, 3, 4]);
  });
});
