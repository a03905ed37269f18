import { z } from 'zod';
import { emailAddress, imageAddress, named, namedInput, rowId, timestamp } from '../../contract/wire-schemas';

// Product reviews on the wire (D37): what the product page shows (Review), what the owner's queue shows
// (AdminReview, also the webhook event's object), and what a buyer sends through the review link.

export const REVIEW_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const reviewStatus = z.enum(REVIEW_STATUSES, { error: `status must be one of ${REVIEW_STATUSES.join(', ')}` }).meta({
  id: 'ReviewStatus',
  examples: ['pending'],
  description: "Where a review stands: 'pending' (waiting for the owner), 'approved' (shown on the product page) or 'hidden'.",
});

const reviewFields = z.object({
  id: rowId('The review id', 7),
  productId: rowId('The product reviewed', 12),
  variant: z
    .string()
    .nullable()
    .meta({ description: 'The variant bought, its title as sold (D38), e.g. "Walnut / Large"; null for a product without options' }),
  rating: z
    .number()
    .int()
    .min(1)
    .max(5)
    .meta({ description: 'Stars, 1 to 5', examples: [5] }),
  title: z.string().meta({ description: "The review's headline", examples: ['Holds a whole skein without a wobble'] }),
  body: z.string().meta({ description: 'The review, plain text (line breaks kept)' }),
  authorName: z.string().meta({ description: 'The name the buyer gave to sign it with', examples: ['Margaret H.'] }),
  photoUrl: imageAddress("The buyer's photo, uploaded with the review link", '/uploads/3f5a9c0e1b2d4f6a8e7d6c5b4a392817.jpg')
    .nullable()
    .meta({ description: "The buyer's photo, uploaded with the review link (a path on this site), or null" }),
  createdAt: timestamp('When it was written'),
  reply: z.string().nullable().meta({ description: "The workshop's answer, or null" }),
  repliedAt: timestamp('When the workshop answered').nullable().meta({ description: 'When the workshop answered, or null' }),
});

export type ReviewDto = z.infer<typeof reviewFields>;

export const reviewExample: ReviewDto = {
  id: 7,
  productId: 12,
  variant: 'Walnut / Large',
  rating: 5,
  title: 'Holds a whole skein without a wobble',
  body: 'The slot is smooth enough that my mohair never catches. Beautiful grain, too.',
  authorName: 'Margaret H.',
  photoUrl: null,
  createdAt: '2026-11-24T15:04:05.000Z',
  reply: 'Thank you, Margaret! That one came from a storm-felled walnut.',
  repliedAt: '2026-11-25T09:00:00.000Z',
};

export const reviewOutput = named(
  reviewFields,
  'Review',
  'A review of a product by a buyer of it, as the product page shows it.',
  reviewExample,
);

const writtenReviewFields = reviewFields.extend({ status: reviewStatus });

export const writtenReviewOutput = named(
  writtenReviewFields,
  'WrittenReview',
  'A review as its author sees it: a Review and whether the workshop has approved it yet.',
  { ...reviewExample, status: 'pending', reply: null, repliedAt: null },
);

export type WrittenReviewDto = z.infer<typeof writtenReviewFields>;

const adminReviewFields = writtenReviewFields.extend({
  productName: z.string().meta({ description: "The product's name as sold (the order line's)", examples: ['Walnut Yarn Bowl'] }),
  orderId: rowId('The order the reviewed line belongs to; null for a demo review', 42)
    .nullable()
    .meta({ description: 'The order the reviewed line belongs to; null for a demo review' }),
  orderNumber: z
    .string()
    .nullable()
    .meta({ description: "The order's number as the buyer saw it; null for a demo review", examples: ['#000042'] }),
  customerEmail: emailAddress("The buyer's email; null for a demo review")
    .nullable()
    .meta({ description: "The buyer's email; null for a demo review" }),
  isDemo: z.boolean().meta({ description: "Seeded with the demo catalogue, not a buyer's" }),
});

export type AdminReviewDto = z.infer<typeof adminReviewFields>;

export const adminReviewExample: AdminReviewDto = {
  ...reviewExample,
  status: 'pending',
  reply: null,
  repliedAt: null,
  productName: 'Walnut Yarn Bowl',
  orderId: 42,
  orderNumber: '#000042',
  customerEmail: 'margaret@example.com',
  isDemo: false,
};

export const adminReviewOutput = named(
  adminReviewFields,
  'AdminReview',
  "A review as the owner's queue shows it (and as the review.created webhook event carries it): a Review with its status, product, order and buyer.",
  adminReviewExample,
);

export const productReviewsOutput = named(
  z.object({
    count: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'How many approved reviews the product has', examples: [24] }),
    average: z
      .string()
      .regex(/^[1-5]\.\d$/)
      .nullable()
      .meta({
        description: 'The average rating of the approved reviews with one decimal, e.g. "4.7"; null when there are none',
        examples: ['4.7'],
      }),
    page: z
      .number()
      .int()
      .min(1)
      .meta({ description: 'This page, from 1', examples: [1] }),
    pageSize: z
      .number()
      .int()
      .min(1)
      .meta({ description: 'How many reviews a page holds', examples: [5] }),
    reviews: z.array(reviewOutput).meta({ description: 'The approved reviews of this page, newest first' }),
  }),
  'ProductReviews',
  "A product's approved reviews, newest first, a page at a time, with their count and average.",
  { count: 1, average: '5.0', page: 1, pageSize: 5, reviews: [reviewExample] },
);

export const reviewRequestOutput = named(
  z.object({
    product: z
      .object({
        id: rowId('The product to review', 12),
        name: z.string().meta({ description: "The product's name as sold", examples: ['Walnut Yarn Bowl'] }),
        image: imageAddress("The product's picture").nullable().meta({ description: "The product's picture, or null" }),
      })
      .meta({ description: 'The product the order line bought' }),
    variant: z.string().nullable().meta({ description: 'The variant bought, its title as sold; null for a product without options' }),
    orderNumber: z.string().meta({ description: "The order's number as the buyer saw it", examples: ['#000042'] }),
    customerName: z.string().meta({ description: "The buyer's first name, to prefill the review's signature", examples: ['Margaret'] }),
    review: writtenReviewOutput.nullable().meta({ description: 'The review already written with this link, or null' }),
  }),
  'ReviewRequest',
  "What a review link is for: the order line's product and variant, the order and the buyer, and the review if written.",
  {
    product: { id: 12, name: 'Walnut Yarn Bowl', image: '/images/products/walnut-yarn-bowl-swirl-slot.svg' },
    variant: 'Walnut / Large',
    orderNumber: '#000042',
    customerName: 'Margaret',
    review: null,
  },
);

/** The review link's token, as a query parameter or a body field. */
export const reviewToken = z
  .string({ error: 'token is required' })
  .trim()
  .min(1, 'is required')
  .max(300, 'is not a review link')
  .describe('The signed token of the review link emailed when the order was delivered (/review/{token})');

const text = (max: number, what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);

export const reviewInput = namedInput(
  z.object({
    token: reviewToken,
    rating: z
      .number({ error: 'rating must be a whole number from 1 to 5' })
      .int('must be a whole number from 1 to 5')
      .min(1, 'must be from 1 to 5')
      .max(5, 'must be from 1 to 5')
      .describe('Stars, 1 to 5'),
    title: text(120, 'title').describe("The review's headline, 1 to 120 characters"),
    body: text(5000, 'body').describe('The review, 1 to 5000 characters'),
    authorName: text(60, 'authorName').describe('The name to sign it with, 1 to 60 characters'),
    photoUrl: z
      .string()
      .max(200, 'must be the url an upload answered (/uploads/...)')
      .regex(/^\/uploads\/[0-9a-f]{32}\.(png|jpg|webp|gif)$/, 'must be the url an upload answered (/uploads/...)')
      .nullish()
      .describe('A photo uploaded first with POST /api/reviews/photos?token= (the url it answered); omit or null for none'),
  }),
  'ReviewInput',
  "A buyer's review of an order line, sent with the line's review link.",
  {
    token: 'cmV2aWV3LTQy.AAAAAGk0bY2mGZlQ2a5Qf0x9Ch1h8qKXnbq5ljC7iV7N0s1x',
    rating: 5,
    title: 'Holds a whole skein without a wobble',
    body: 'The slot is smooth enough that my mohair never catches.',
    authorName: 'Margaret H.',
    photoUrl: null,
  },
);

export const reviewUpdateInput = namedInput(
  z
    .object({
      status: reviewStatus.optional().describe("'approved' shows it on the product page, 'hidden' or 'pending' takes it off"),
      reply: z
        .string()
        .trim()
        .max(2000, 'must be at most 2000 characters')
        .nullable()
        .optional()
        .describe("The workshop's public answer, up to 2000 characters; null or empty removes it"),
    })
    .refine((input) => input.status !== undefined || input.reply !== undefined, {
      message: 'give status or reply (or both)',
      path: ['status'],
    }),
  'ReviewUpdate',
  "The owner's decision on a review: approve or hide it, and answer it.",
  { status: 'approved', reply: 'Thank you, Margaret!' },
);
