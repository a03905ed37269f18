import { describe, expect, it } from 'vitest';
import type { AdminProduct } from '../types';
import { STARTING_RULES } from '../../../../server/domain/sales-rules';
import { choosePiece, EMPTY_LINE, quotableVariants, runningTotals } from './quote-form';

// The quote editor's shop piece (D38): what choosing a product and its variant writes into the line.

const variant = (id: number, title: string, price: string, enabled = true) => ({
  id,
  options: [title],
  title,
  price,
  stockQuantity: 0,
  inStock: false,
  weight: '1.00',
  sku: null,
  imageUrl: null,
  enabled,
});
const bowl = {
  id: 7,
  name: 'Yarn Bowl',
  price: '56.00',
  options: [{ name: 'Wood', values: ['Walnut', 'Maple', 'Ash'] }],
  variants: [variant(71, 'Walnut', '68.00'), variant(72, 'Maple', '56.00'), variant(73, 'Ash', '50.00', false)],
} as unknown as AdminProduct;
const dipper = { id: 8, name: 'Honey Dipper', price: '14.00' } as unknown as AdminProduct;
const products = [bowl, dipper];

describe('choosePiece', () => {
  it("fills an empty line with a plain product's name and price", () => {
    expect(choosePiece({ ...EMPTY_LINE }, products, '8', '')).toEqual({
      ...EMPTY_LINE,
      productId: '8',
      description: 'Honey Dipper',
      price: '14.00',
    });
  });

  it('waits for the variant of a product with options, then takes its title and price', () => {
    const chosen = choosePiece({ ...EMPTY_LINE }, products, '7', '');
    expect(chosen).toEqual({ ...EMPTY_LINE, productId: '7' });
    expect(choosePiece(chosen, products, '7', '72')).toMatchObject({ description: 'Yarn Bowl (Maple)', price: '56.00', variantId: '72' });
  });

  it("keeps the owner's own description, and replaces one the previous choice filled", () => {
    const own = choosePiece({ ...EMPTY_LINE, description: 'Bowl for your sister' }, products, '7', '71');
    expect(own).toMatchObject({ description: 'Bowl for your sister', price: '68.00' });
    const filled = choosePiece(choosePiece({ ...EMPTY_LINE }, products, '7', '71'), products, '7', '72');
    expect(filled).toMatchObject({ description: 'Yarn Bowl (Maple)', price: '56.00' });
  });

  it('clears the piece but keeps what the line says', () => {
    const filled = choosePiece({ ...EMPTY_LINE }, products, '8', '');
    expect(choosePiece(filled, products, '', '')).toEqual({ ...filled, productId: '', variantId: '' });
  });

  it('offers only the variants still made', () => {
    expect(quotableVariants(bowl).map((one) => one.title)).toEqual(['Walnut', 'Maple']);
    expect(quotableVariants(dipper)).toEqual([]);
  });
});

describe('runningTotals', () => {
  const form = {
    lines: [{ ...EMPTY_LINE, description: 'Bowl', price: '280.00' }],
    weight: '6',
    shipping: '',
    depositKind: 'percent' as const,
    deposit: '30',
    discountCode: '',
    leadTimeWeeks: '4',
    validUntil: '2027-01-01',
    message: '',
  };

  it("counts as the server does: the zone's shipping, the state's tax, deposit and balance", () => {
    expect(runningTotals(form, STARTING_RULES, 'GA')).toEqual({
      subtotal: 28_000,
      shipping: 0,
      discount: 0,
      tax: 1120,
      total: 29_120,
      deposit: 8736,
      balance: 20_384,
    });
  });

  it('takes shipping set by hand, and waits for figures it can read', () => {
    expect(runningTotals({ ...form, shipping: '24' }, STARTING_RULES, 'GA')).toMatchObject({ shipping: 2400, total: 31_520 });
    expect(runningTotals({ ...form, weight: '' }, STARTING_RULES, 'GA')).toBeNull();
    expect(runningTotals({ ...form, shipping: 'lots' }, STARTING_RULES, 'GA')).toBeNull();
  });

  it('takes a discount code off the goods before tax, as the server does (D40)', () => {
    // $280.00 less 10% = $252.00: free shipping, 4% tax $10.08, total $262.08, 30% deposit $78.62.
    const tenOff = { code: 'FAIR10', kind: 'percentage' as const, valueCents: 1000 };
    expect(runningTotals({ ...form, discountCode: 'fair10' }, STARTING_RULES, 'GA', tenOff)).toMatchObject({
      discount: 2800,
      shipping: 0,
      tax: 1008,
      total: 26_208,
      deposit: 7862,
      balance: 18_346,
    });
  });
});
