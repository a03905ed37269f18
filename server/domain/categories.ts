import { z } from 'zod';
import { toCents } from './money';

// Product categories and shop sort options (docs/product.md section 9).

export const CATEGORIES = [
  { value: 'yarn-bowls', label: 'Yarn Bowls' },
  { value: 'cutting-boards', label: 'Cutting Boards' },
  { value: 'swirlettes', label: 'Swirlettes' },
  { value: 'accessories', label: 'Accessories' },
] as const;

export const CATEGORY_VALUES = ['yarn-bowls', 'cutting-boards', 'swirlettes', 'accessories'] as const;

export const categorySchema = /* @__PURE__ */ z.enum(CATEGORY_VALUES);

export type Category = z.infer<typeof categorySchema>;

/** Shop filter choices: 'all' means no category filter. */
export const CATEGORY_OPTIONS: ReadonlyArray<{ value: Category | 'all'; label: string }> = [
  { value: 'all', label: 'All Categories' },
  ...CATEGORIES,
];

export function categoryLabel(category: Category): string {
  return CATEGORIES.find((c) => c.value === category)?.label ?? category;
}

export const SORT_VALUES = ['featured', 'price-asc', 'price-desc', 'newest'] as const;

export const sortOptionSchema = /* @__PURE__ */ z.enum(SORT_VALUES);

export type SortOption = z.infer<typeof sortOptionSchema>;

export const SORT_OPTIONS: ReadonlyArray<{ value: SortOption; label: string }> = [
  { value: 'featured', label: 'Featured' },
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'price-desc', label: 'Price: High to Low' },
  { value: 'newest', label: 'Newest First' },
];

export const DEFAULT_SORT: SortOption = 'featured';

// An unparseable date sorts as the oldest rather than breaking the comparator with NaN.
function timeOf(value: string | Date): number {
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/**
 * Returns a new, sorted list; the input is never mutated. 'featured' keeps the server's order.
 * Array.prototype.sort is stable, so ties keep their given order.
 */
export function sortProducts<T extends { price: string; createdAt: string | Date }>(list: readonly T[], sort: SortOption): T[] {
  const copy = [...list];
  switch (sort) {
    case 'featured':
      return copy;
    case 'price-asc':
      return copy.sort((a, b) => toCents(a.price) - toCents(b.price));
    case 'price-desc':
      return copy.sort((a, b) => toCents(b.price) - toCents(a.price));
    case 'newest':
      return copy.sort((a, b) => {
        const ta = timeOf(a.createdAt);
        const tb = timeOf(b.createdAt);
        return ta === tb ? 0 : tb > ta ? 1 : -1;
      });
  }
}
