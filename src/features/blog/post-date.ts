const LONG_US = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** 'September 14, 2025' (docs/product.md section 2); a post without a publish date shows today's date. */
export function formatPostDate(publishedAt: string | null | undefined, today = new Date()): string {
  const date = publishedAt ? new Date(publishedAt) : today;
  return LONG_US.format(Number.isNaN(date.getTime()) ? today : date);
}
