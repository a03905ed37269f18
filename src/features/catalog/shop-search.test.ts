import { describe, expect, it } from 'vitest';
import { parseShopSearch } from './shop-search';

describe('parseShopSearch', () => {
  it('keeps known filters', () => {
    expect(parseShopSearch({ search: 'walnut', category: 'yarn-bowls', sort: 'price-asc' })).toEqual({
      search: 'walnut',
      category: 'yarn-bowls',
      sort: 'price-asc',
    });
  });

  it('leaves defaults and blanks out of the URL', () => {
    expect(parseShopSearch({ search: '  ', category: 'all', sort: 'featured' })).toEqual({});
    expect(parseShopSearch({})).toEqual({});
  });

  it('drops unknown values instead of failing, and keeps a numeric search as text', () => {
    expect(parseShopSearch({ category: 'chairs', sort: 'cheapest', search: ['a'] })).toEqual({});
    expect(parseShopSearch({ search: 123 })).toEqual({ search: '123' });
  });

  it('caps the search text at the length the server accepts', () => {
    expect(parseShopSearch({ search: 'x'.repeat(300) }).search).toHaveLength(200);
  });
});
