import { z } from 'zod';
import { idSchema } from '../../domain/ids';
import { formatOrderNumber } from '../../domain/order-number';
import { publicProcedure, router, withInput, withOutput } from '../../trpc/init';
import { pageWindow, sendPagingHeaders } from '../../contract/list-paging';
import { AppError } from '../../trpc/errors';
import { productImage } from '../products';
import { productReviewsOutput, reviewInput, reviewRequestOutput, reviewToken, writtenReviewOutput } from './review.schema';
import { createReview, productReviews, reviewRequest } from './reviews.service';

// Counted per client; a client over it is refused before its review is read (ShopMeta.limit).
const LIMIT = 'review' as const;

// The public side of the reviews (D37): a product's approved reviews, and a buyer's review through the link of the
// delivered email. The owner's queue is the admin router's.
export const reviewsRouter = router({
  forProduct: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/products/{productId}/reviews',
        tags: ['reviews'],
        summary: "A product's approved reviews, newest first, a page at a time, with their count and average",
      },
    })
    .concat(
      withInput(
        z.object({
          productId: idSchema.describe('The product id'),
          page: z
            .number({ error: 'page must be a whole number from 1' })
            .int()
            .min(1)
            .max(100_000)
            .default(1)
            .describe('Which page, from 1'),
          pageSize: z
            .number({ error: 'pageSize must be a whole number from 1 to 50' })
            .int()
            .min(1)
            .max(50)
            .default(5)
            .describe('How many reviews a page holds, 1 to 50'),
        }),
      ),
    )
    .concat(withOutput(productReviewsOutput))
    .query(async ({ ctx, input }) => {
      // An unknown (or archived) product has no page, and so no reviews to show: a 404 as its page gives.
      if ((await productImage(ctx.em, input.productId)).length === 0) throw new AppError('NOT_FOUND', 'Product not found');
      const paging = { page: input.page, pageSize: input.pageSize };
      const answer = await productReviews(ctx.db, input.productId, pageWindow(paging));
      sendPagingHeaders(ctx, paging, answer.count);
      return { ...answer, ...paging };
    }),

  request: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/reviews/request',
        tags: ['reviews'],
        summary: 'What a review link is for: the delivered item, its order and buyer, and the review if written',
      },
    })
    .concat(withInput(z.object({ token: reviewToken })))
    .concat(withOutput(reviewRequestOutput))
    .query(async ({ ctx, input }) => {
      const { line, review } = await reviewRequest(ctx.db, ctx.services.orderLinks, input.token);
      const [image] = await productImage(ctx.em, line.productId, line.variantId ?? undefined);
      return {
        product: { id: line.productId, name: line.name, image: image ?? null },
        variant: line.variant,
        orderNumber: formatOrderNumber(line.orderId),
        customerName: line.customerName.trim().split(/\s+/)[0] ?? '',
        review,
      };
    }),

  create: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/reviews',
        tags: ['reviews'],
        summary: 'Review a delivered item with its review link (pending until the workshop approves it)',
      },
      limit: LIMIT,
    })
    .concat(withInput(reviewInput))
    .concat(withOutput(writtenReviewOutput))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.rateLimits.consume(LIMIT, ctx.clientKey, 'reviews');
      return createReview(ctx.db, ctx.services, input);
    }),
});
