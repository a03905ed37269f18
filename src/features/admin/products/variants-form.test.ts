import { describe, expect, it } from 'vitest';
import {
  combinations,
  currentVariants,
  generateVariants,
  issuesToErrors,
  toVariantsInput,
  validateVariantsForm,
  variantsToForm,
  withoutOption,
  type VariantsFormValues,
} from './variants-form';

const OPTIONS = [
  { name: 'Wood', values: ['Walnut', 'Cherry'] },
  { name: 'Size', values: ['Small', 'Large'] },
];

const serverVariant = (id: number, options: string[], enabled = true) => ({
  id,
  options,
  price: '58.00',
  stockQuantity: 3,
  weight: '1.10',
  sku: null,
  imageUrl: null,
  enabled,
});

const titles = (rows: { options: string[] }[]) => rows.map((row) => row.options.join(' / '));

describe('the options and variants section', () => {
  it('makes every combination in the options’ order', () => {
    expect(combinations(OPTIONS)).toEqual([
      ['Walnut', 'Small'],
      ['Walnut', 'Large'],
      ['Cherry', 'Small'],
      ['Cherry', 'Large'],
    ]);
    expect(combinations([])).toEqual([]);
  });

  it('keeps the rows already there when generating, and starts new ones at the product’s price and weight', () => {
    const form = variantsToForm({ options: OPTIONS.slice(0, 1), variants: [serverVariant(5, ['Walnut'])] });
    form.variants[0]!.stockQuantity = 7;
    const options = [{ name: 'Wood', values: ['Walnut', 'Cherry', 'Maple'] }];
    const rows = generateVariants(options, form.variants, { price: 40, weight: '0.80' })!;
    expect(titles(rows)).toEqual(['Walnut', 'Cherry', 'Maple']);
    expect(rows[0]).toMatchObject({ id: 5, stockQuantity: 7, price: '58.00' });
    expect(rows[1]).toMatchObject({ price: 40, weight: '0.80', stockQuantity: 0, sku: '', imageUrl: '', enabled: true });
    expect(rows[1]!.id).toBeUndefined();
  });

  it('refuses to generate more than a hundred variants', () => {
    const many = (name: string) => ({ name, values: Array.from({ length: 5 }, (_, i) => `${name}${i}`) });
    expect(generateVariants([many('A'), many('B'), many('C')], [], { price: 1, weight: 1 })).toBeUndefined();
  });

  it('shows the variants that fit the options, the one on sale first, and counts the ones kept for orders', () => {
    const product = {
      options: OPTIONS,
      variants: [
        serverVariant(1, ['Walnut', 'Small'], false),
        serverVariant(2, ['Walnut', 'Small']),
        serverVariant(3, ['Oak', 'Small'], false),
        serverVariant(4, ['Cherry', 'Large'], false),
      ],
    };
    const { rows, kept } = currentVariants(product);
    expect(rows.map((row) => row.id)).toEqual([2, 4]);
    expect(kept).toBe(2);
  });

  it('sends the rows from the server with their ids, blank SKU and picture as none', () => {
    const input = toVariantsInput(variantsToForm({ options: OPTIONS, variants: [serverVariant(9, ['Cherry', 'Large'])] }));
    expect(input.variants[0]).toMatchObject({ id: 9, options: ['Cherry', 'Large'], price: '58.00', stockQuantity: 3, sku: '' });
    expect(validateVariantsForm(variantsToForm({ options: OPTIONS, variants: [serverVariant(9, ['Cherry', 'Large'])] }))).toEqual({});
  });

  it('names each bad field by its path, a row’s combination on the row', () => {
    const values: VariantsFormValues = {
      options: [{ key: 'a', name: '', values: [] }],
      variants: [],
    };
    expect(validateVariantsForm(values)).toMatchObject({
      'options.0.name': 'Option name is required',
      'options.0.values': 'Give the option at least one value',
      variants: 'A product with options needs at least one variant',
    });
    const options = OPTIONS.map((option, i) => ({ key: `${i}`, ...option }));
    const blank = generateVariants(OPTIONS, [], { price: '', weight: 1 })!;
    expect(validateVariantsForm({ options, variants: blank })).toMatchObject({ 'variants.0.price': 'Price is required' });
    // The checks across rows come once each row reads well, as on the server.
    const rows = generateVariants(OPTIONS, [], { price: 12, weight: 1 })!;
    rows[1]!.sku = 'YB-1';
    rows[2]!.sku = 'YB-1';
    rows[3]!.options = ['Oak', 'Large'];
    expect(validateVariantsForm({ options, variants: rows })).toEqual({
      'variants.2.sku': 'SKU YB-1 is listed twice',
      'variants.3.options': 'Oak is not a value of Wood',
    });
    // The server's issues (paths of strings) land on the same fields.
    expect(issuesToErrors([{ path: ['variants', '2', 'sku'], message: 'taken' }])).toEqual({ 'variants.2.sku': 'taken' });
  });

  it('drops an option from every row, keeping the first row of each remaining combination', () => {
    const form = variantsToForm({
      options: OPTIONS,
      variants: [serverVariant(1, ['Walnut', 'Small']), serverVariant(2, ['Walnut', 'Large']), serverVariant(3, ['Cherry', 'Large'])],
    });
    const without = withoutOption(form, 1);
    expect(without.options.map((option) => option.name)).toEqual(['Wood']);
    expect(without.variants.map((row) => [row.id, ...row.options])).toEqual([
      [1, 'Walnut'],
      [3, 'Cherry'],
    ]);
    expect(withoutOption(withoutOption(form, 1), 0)).toMatchObject({ options: [], variants: [] });
  });
});
