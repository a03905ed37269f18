import { describe, expect, it } from 'vitest';
import { reviewErrors, serverReviewErrors } from './review-form';

// A TRPCClientError's data as the server sends it (server/trpc/init.ts).
const refusal = (issues: { path: string[]; message: string }[]) => ({ data: { code: 'BAD_REQUEST', reason: 'VALIDATION_FAILED', issues } });

describe('the review form', () => {
  it('asks for stars and every text before sending', () => {
    expect(reviewErrors({ rating: null, title: ' ', body: '', authorName: 'Ada' })).toEqual({
      rating: 'Choose from 1 to 5 stars',
      title: 'Title is required',
      body: 'Your review is required',
    });
    expect(reviewErrors({ rating: 4, title: 'Lovely', body: 'Smooth.', authorName: 'Ada' })).toEqual({});
  });

  it("puts the server's words on the field it named, led by the field's label", () => {
    const errors = serverReviewErrors(
      refusal([
        { path: ['title'], message: 'must be at most 120 characters' },
        { path: ['photoUrl'], message: 'must be the url an upload answered (/uploads/...)' },
        { path: ['token'], message: 'is not a review link' },
      ]),
    );
    expect(errors).toEqual({
      title: 'Title must be at most 120 characters',
      photoUrl: 'Photo must be the url an upload answered (/uploads/...)',
    });
  });
});
