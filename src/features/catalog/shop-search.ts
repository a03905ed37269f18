import { CATEGORY_VALUES, DEFAULT_SORT, SORT_VALUES, type Category, type SortOption } from '../../../server/domain/categories';
import { SHOP_PAGE_SIZE } from '../../../server/domain/shop-page';

/** The shop's filters as they sit in the URL, so a filtered view can be shared and the back button works. */
export interface ShopSearch {
  search?: string;
  category?: Category;
  sort?: SortOption;
}

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

/**
 * Reads the URL's query. Defaults ('all', 'featured', no text) are left out of the URL, and a value that is
 * not a known option falls back to its default rather than breaking the page.
 */
export function parseShopSearch(query: Record<string, unknown>): ShopSearch {
  const result: ShopSearch = {};
  // The router parses ?search=123 as a number: keep it as the text the shopper typed.
  const search = typeof query.search === 'number' ? String(query.search) : query.search;
  if (typeof search === 'string' && search.trim() !== '') result.search = search.slice(0, 200);
  if (isOneOf(CATEGORY_VALUES, query.category)) result.category = query.category;
  if (isOneOf(SORT_VALUES, query.sort) && query.sort !== DEFAULT_SORT) result.sort = query.sort;
  return result;
}

/** What the shop asks the server for: its filters, its order and how many cards (SHOP_PAGE_SIZE at first). */
export function shopQueryInput(
  filters: ShopSearch,
  limit = SHOP_PAGE_SIZE,
): { search: string; category: Category | ''; sort: SortOption; limit: number } {
  return { search: filters.search ?? '', category: filters.category ?? '', sort: filters.sort ?? DEFAULT_SORT, limit };
}
