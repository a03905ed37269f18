import { z } from 'zod';
import { idSchema } from '../../domain/ids';
import { adminProcedure, router, withInput, withOutput } from '../../trpc/init';
import { pageWindow, sendPagingHeaders } from '../../contract/list-paging';
import { named, withPathParameters } from '../../contract/wire-schemas';
import { adminReviewOutput, REVIEW_STATUSES, reviewUpdateInput } from './review.schema';
import { adminReviews, pendingReviewCount, updateReview } from './reviews.service';

// The owner's review queue (D37): every review, by status, newest first; approve, hide or answer one.
export const reviewsAdminRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/reviews',
        tags: ['admin', 'reviews'],
        summary: 'Reviews, newest first (one status, or all), a page at a time (X-Total-Count and Link headers)',
        protect: true,
      },
    })
    .concat(
      withInput(
        z.object({
          status: z
            .enum(REVIEW_STATUSES, { error: `status must be one of ${REVIEW_STATUSES.join(', ')}` })
            .describe('Only the reviews with this status (all when absent)')
            .optional(),
          page: z
            .number({ error: 'page must be a whole number from 1' })
            .int()
            .min(1)
            .max(100_000)
            .default(1)
            .describe('Which page, from 1'),
          pageSize: z
            .number({ error: 'pageSize must be a whole number from 1 to 200' })
            .int()
            .min(1)
            .max(200)
            .default(50)
            .describe('How many reviews a page holds, 1 to 200'),
        }),
      ),
    )
    .concat(withOutput(z.array(adminReviewOutput)))
    .query(async ({ ctx, input }) => {
      const paging = { page: input.page, pageSize: input.pageSize };
      const [rows, total] = await adminReviews(ctx.db, input.status, pageWindow(paging));
      sendPagingHeaders(ctx, paging, total);
      return rows;
    }),

  count: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/reviews/count',
        tags: ['admin', 'reviews'],
        summary: 'How many reviews wait for the owner (the queue badge)',
        protect: true,
      },
    })
    .concat(withInput(z.void()))
    .concat(
      withOutput(
        named(
          z.object({
            pending: z
              .number()
              .int()
              .min(0)
              .meta({ description: 'Reviews waiting for approval', examples: [2] }),
          }),
          'ReviewCount',
          'How many reviews wait for the owner.',
          { pending: 2 },
        ),
      ),
    )
    .query(async ({ ctx }) => ({ pending: await pendingReviewCount(ctx.db) })),

  update: adminProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/reviews/{id}',
        tags: ['admin', 'reviews'],
        summary: 'Approve, hide or answer a review',
        protect: true,
      },
    })
    .concat(withInput(withPathParameters(reviewUpdateInput, { id: idSchema.describe('The review id') })))
    .concat(withOutput(adminReviewOutput))
    .mutation(({ ctx, input }) => updateReview(ctx.db, input.id, input)),
});
