import { describe, expect, it } from 'vitest';
import { firstReviewsPage } from './first-page';
import { reviewCount, reviewDate, starCount, goldWidth } from './review-text';

describe('review text', () => {
  it('counts reviews and stars in the singular and plural', () => {
    expect([reviewCount(1), reviewCount(2)]).toEqual(['1 review', '2 reviews']);
    expect([starCount(1), starCount(5)]).toEqual(['1 star', '5 stars']);
  });

  it('golds as much of the five stars as the rating, never more nor less than all', () => {
    expect(goldWidth(4.7)).toBe('94%');
    expect(goldWidth(3)).toBe('60%');
    expect([goldWidth(6), goldWidth(-1)]).toEqual(['100%', '0%']);
  });

  it('dates a review by its day in UTC, so the server and the browser agree', () => {
    expect(reviewDate('2026-11-28T23:30:00.000Z')).toBe('November 28, 2026');
  });

  it('asks for the first page the way the loader does', () => {
    expect(firstReviewsPage(7)).toEqual({ productId: 7, page: 1, pageSize: 5 });
  });
});
