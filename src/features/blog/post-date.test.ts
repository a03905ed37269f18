import { describe, expect, it } from 'vitest';
import { formatPostDate } from './post-date';

describe('formatPostDate', () => {
  it('writes the date in long US format', () => {
    expect(formatPostDate('2025-09-14T12:00:00.000Z')).toBe('September 14, 2025');
  });

  it("falls back to today's date without a publish date", () => {
    const today = new Date(2026, 0, 5);
    expect(formatPostDate(null, today)).toBe('January 5, 2026');
    expect(formatPostDate(undefined, today)).toBe('January 5, 2026');
    expect(formatPostDate('not a date', today)).toBe('January 5, 2026');
  });
});
