// Blog slugs (docs/product.md section 5).

/** Validation: only lowercase letters, numbers and hyphens. */
export const SLUG_PATTERN = /^[a-z0-9-]+$/;

export const SLUG_REQUIRED_MESSAGE = 'Slug is required';
export const SLUG_PATTERN_MESSAGE = 'Slug must contain only lowercase letters, numbers, and hyphens';

/** 'Crème Brûlée  Bowls!' -> 'creme-brulee-bowls'. May return '' when nothing usable is left. */
export function slugify(title: string): string {
  return (
    title
      // Split accented letters into letter + mark and drop the mark, so 'è' keeps its 'e'.
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9\s-]/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '')
  );
}
