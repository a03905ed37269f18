import { z } from 'zod';
import { idSchema } from '../../domain/ids';
import { adminProcedure, router, withInput, withOutput } from '../../trpc/init';
import { named, withPathParameters } from '../../contract/wire-schemas';
import { discountChangeInput, discountInput, discountOutput } from './discount.schema';
import { createDiscount, deleteDiscount, listDiscounts, updateDiscount } from './discounts.service';

const idPath = { id: idSchema.describe('The discount code id') };

// The owner's discount codes (D40): list with uses and money given away, create, change (pause, resume), delete.
export const discountsAdminRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/discounts',
        tags: ['admin', 'discounts'],
        summary: 'Discount codes, newest first, with their uses and the money each gave away',
        protect: true,
      },
    })
    .concat(withInput(z.void()))
    .concat(withOutput(z.array(discountOutput)))
    .query(({ ctx }) => listDiscounts(ctx.db)),

  create: adminProcedure
    .meta({
      openapi: { method: 'POST', path: '/admin/discounts', tags: ['admin', 'discounts'], summary: 'Create a discount code', protect: true },
    })
    .concat(withInput(discountInput))
    .concat(withOutput(discountOutput))
    .mutation(({ ctx, input }) => createDiscount(ctx.db, input)),

  update: adminProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/discounts/{id}',
        tags: ['admin', 'discounts'],
        summary: 'Change a discount code: any of its fields, or pause and resume it',
        protect: true,
      },
    })
    .concat(withInput(withPathParameters(discountChangeInput, idPath)))
    .concat(withOutput(discountOutput))
    .mutation(({ ctx, input }) => {
      const { id, ...change } = input;
      return updateDiscount(ctx.db, id, change);
    }),

  remove: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/discounts/{id}',
        tags: ['admin', 'discounts'],
        summary: 'Delete a discount code (one that orders used is archived: its uses stay in their orders)',
        protect: true,
      },
    })
    .concat(withInput(z.object(idPath)))
    .concat(
      withOutput(
        named(
          z.object({
            archived: z.boolean().meta({ description: 'true when orders had used it: kept for their history, out of the list' }),
          }),
          'DiscountCodeDeleted',
          'What deleting a discount code did.',
          { archived: false },
        ),
      ),
    )
    .mutation(({ ctx, input }) => deleteDiscount(ctx.db, input.id)),
});
