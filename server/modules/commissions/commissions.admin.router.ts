import { z } from 'zod';
import { adminProcedure, router, withInput, withOutput } from '../../trpc/init';
import { idempotencyHeaders, idempotent } from '../../trpc/idempotency';
import { sendPagingHeaders } from '../../contract/list-paging';
import { orderMailSettings } from '../orders';
import { adminCommissionOutput, commissionCountOutput, commissionListInput } from './commission-answers.schema';
import { changeInput, commissionIdInput, quoteInput, updateInput } from './commission-owner.schema';
import { commissionsPage, loadAdminCommission, requestedCount } from './commissions.service';
import { changeCommission, postUpdate, sendQuote } from './commission-work.service';

// The owner's side of the commissions (issue 37): the requests, the quotes, the build log, ready and cancel.
// `count` comes before `byId`: the REST mirror takes the first path that matches.
export const commissionsAdminRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/commissions',
        tags: ['admin', 'commissions'],
        summary: 'Commissions, newest first, a page at a time (X-Total-Count and Link headers)',
        protect: true,
      },
    })
    .concat(withInput(commissionListInput))
    .concat(withOutput(z.array(adminCommissionOutput)))
    .query(async ({ ctx, input }) => {
      const { commissions, total } = await commissionsPage(ctx.em, input);
      sendPagingHeaders(ctx, input, total);
      return commissions;
    }),

  count: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/commissions/count',
        tags: ['admin', 'commissions'],
        summary: 'How many requests wait for a quote (the admin badge)',
        protect: true,
      },
    })
    .concat(withInput(z.void()))
    .concat(withOutput(commissionCountOutput))
    .query(async ({ ctx }) => ({ requested: await requestedCount(ctx.em) })),

  byId: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/commissions/{id}',
        tags: ['admin', 'commissions'],
        summary: 'One commission with every quote version and the build log',
        protect: true,
      },
    })
    .concat(withInput(commissionIdInput))
    .concat(withOutput(adminCommissionOutput))
    .query(({ ctx, input }) => loadAdminCommission(ctx.em, input.id)),

  quote: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/commissions/{id}/quotes',
        tags: ['admin', 'commissions'],
        summary: 'Send a quote (a new version replaces the last; shipping and tax computed by the shop)',
        protect: true,
      },
    })
    .concat(withInput(quoteInput))
    .concat(withOutput(adminCommissionOutput))
    .mutation(({ ctx, input }) => sendQuote(ctx.em, ctx.services, input, orderMailSettings(ctx))),

  postUpdate: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/commissions/{id}/updates',
        tags: ['admin', 'commissions'],
        summary: 'Post a build-log entry (emailed to the buyer, webhook commission.updated)',
        protect: true,
      },
    })
    .concat(withInput(updateInput))
    .concat(withOutput(adminCommissionOutput))
    .mutation(({ ctx, input }) => postUpdate(ctx.em, ctx.services, input, orderMailSettings(ctx))),

  update: adminProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/commissions/{id}',
        tags: ['admin', 'commissions'],
        summary: "Mark the piece ready (the balance is asked for), cancel (refunding the deposit's agreed part), or keep notes",
        protect: true,
        requestHeaders: idempotencyHeaders,
      },
    })
    .concat(withInput(changeInput))
    .concat(withOutput(adminCommissionOutput))
    // D36: a cancel sent again under its Idempotency-Key answers the first answer.
    .mutation(({ ctx, input }) =>
      idempotent(ctx, 'commissions.update', input, () => changeCommission(ctx.em, ctx.services, input, orderMailSettings(ctx))),
    ),
});
