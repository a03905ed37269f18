import { fieldErrors } from '../../lib/trpc-errors';

/** The review page's fields, as typed (the server checks them again and names any it refuses). */
export interface ReviewValues {
  rating: number | null;
  title: string;
  body: string;
  authorName: string;
}

export type ReviewField = keyof ReviewValues | 'photoUrl';

export const REVIEW_LABELS: Record<ReviewField, string> = {
  rating: 'Your rating',
  title: 'Title',
  body: 'Your review',
  authorName: 'Your name',
  photoUrl: 'Photo',
};

/** The server's limits (server/modules/reviews/review.schema.ts), so the fields stop where it would refuse. */
export const REVIEW_LIMITS = { title: 120, body: 5000, authorName: 60 } as const;

/** The order the fields appear in: the first one with a problem gets the keyboard. */
export const REVIEW_FIELDS: ReviewField[] = ['rating', 'title', 'body', 'authorName', 'photoUrl'];

export type ReviewErrors = Partial<Record<ReviewField, string>>;

/** What the browser can tell before sending: no stars chosen, an empty field. */
export function reviewErrors(values: ReviewValues): ReviewErrors {
  const errors: ReviewErrors = {};
  if (values.rating === null) errors.rating = 'Choose from 1 to 5 stars';
  for (const field of ['title', 'body', 'authorName'] as const) {
    if (values[field].trim() === '') errors[field] = `${REVIEW_LABELS[field]} is required`;
  }
  return errors;
}

/** The fields the server refused, each message led by the field's label ('Title must be at most 120 characters'). */
export function serverReviewErrors(error: unknown): ReviewErrors {
  const errors: ReviewErrors = {};
  for (const [field, message] of Object.entries(fieldErrors(error))) {
    if (!(REVIEW_FIELDS as string[]).includes(field)) continue;
    errors[field as ReviewField] = /^[a-z]/.test(message) ? `${REVIEW_LABELS[field as ReviewField]} ${message}` : message;
  }
  return errors;
}
