import { describe, expect, it } from 'vitest';
import { CATEGORY_OPTIONS, SORT_OPTIONS, categoryLabel, categorySchema, sortProducts } from './categories';

describe('categories', () => {
  it('lists All Categories first, then the four categories', () => {
    expect(CATEGORY_OPTIONS).toEqual([
      { value: 'all', label: 'All Categories' },
      { value: 'yarn-bowls', label: 'Yarn Bowls' },
      { value: 'cutting-boards', label: 'Cutting Boards' },
      { value: 'swirlettes', label: 'Swirlettes' },
      { value: 'accessories', label: 'Accessories' },
    ]);
  });

  it('accepts only the four categories', () => {
    expect(categorySchema.parse('swirlettes')).toBe('swirlettes');
    expect(categorySchema.safeParse('all').success).toBe(false);
    expect(categorySchema.safeParse('Yarn Bowls').success).toBe(false);
  });

  it('labels a category', () => {
    expect(categoryLabel('cutting-boards')).toBe('Cutting Boards');
  });
});

describe('sortProducts', () => {
  const products = [
    { id: 1, price: '45.00', createdAt: '2024-03-01T00:00:00Z' },
    { id: 2, price: '9.99', createdAt: new Date('2024-05-01T00:00:00Z') },
    { id: 3, price: '100.10', createdAt: '2024-01-01T00:00:00Z' },
    { id: 4, price: '45.0', createdAt: '2024-05-01T00:00:00Z' },
  ];
  const ids = (list: { id: number }[]) => list.map((p) => p.id);

  it('has the four sort options with their labels', () => {
    expect(SORT_OPTIONS.map((o) => [o.value, o.label])).toEqual([
      ['featured', 'Featured'],
      ['price-asc', 'Price: Low to High'],
      ['price-desc', 'Price: High to Low'],
      ['newest', 'Newest First'],
    ]);
  });

  it('keeps the server order for featured, as a new array', () => {
    const result = sortProducts(products, 'featured');
    expect(ids(result)).toEqual([1, 2, 3, 4]);
    expect(result).not.toBe(products);
  });

  it('sorts by price numerically, not as text, and keeps ties stable', () => {
    expect(ids(sortProducts(products, 'price-asc'))).toEqual([2, 1, 4, 3]);
    expect(ids(sortProducts(products, 'price-desc'))).toEqual([3, 1, 4, 2]);
  });

  it('sorts newest first by createdAt, strings and Dates alike, ties stable', () => {
    expect(ids(sortProducts(products, 'newest'))).toEqual([2, 4, 1, 3]);
  });

  it('never mutates its input', () => {
    const before = ids(products);
    sortProducts(products, 'price-desc');
    sortProducts(products, 'newest');
    expect(ids(products)).toEqual(before);
  });
});
