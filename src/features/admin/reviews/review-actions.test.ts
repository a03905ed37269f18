import { describe, expect, it } from 'vitest';
import { reviewActions } from './review-actions';

describe("the review queue's buttons", () => {
  it('offers every status but the one a review has, approving a pending one first', () => {
    const labels = (status: 'pending' | 'approved' | 'hidden') => reviewActions(status).map((action) => action.label);
    expect(labels('pending')).toEqual(['Approve', 'Hide']);
    expect(labels('approved')).toEqual(['Hide', 'Move back to pending']);
    expect(labels('hidden')).toEqual(['Approve', 'Move back to pending']);
  });
});
