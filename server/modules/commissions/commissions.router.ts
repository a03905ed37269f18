import { publicProcedure, router, withInput, withOutput } from '../../trpc/init';
import { orderMailSettings } from '../orders';
import {
  commissionAcceptInput,
  commissionBalanceInput,
  commissionRequestInput,
  commissionRequestedOutput,
  commissionToken,
} from './commission.schema';
import { commissionOutput } from './commission-answers.schema';
import { z } from 'zod';
import { requestCommission } from './commission-request.service';
import { commissionByToken } from './commissions.service';
import { acceptQuote, payBalance } from './commission-payments.service';

// The buyer's side of a commission (issue 37): the request, then everything else on the page its emailed link
// opens. The link's token is the only key: whoever holds it may see, accept and pay.
export const commissionsRouter = router({
  request: publicProcedure
    .meta({
      openapi: { method: 'POST', path: '/commissions', tags: ['commissions'], summary: 'Ask for a piece turned to order' },
      limit: 'contact',
    })
    .concat(withInput(commissionRequestInput))
    .concat(withOutput(commissionRequestedOutput))
    .mutation(async ({ ctx, input }) => {
      // Each request emails two people, as a contact message does: counted with the contact messages, per client.
      await ctx.services.rateLimits.consume('contact', ctx.clientKey, 'messages and requests');
      return requestCommission(ctx.db, ctx.services, input, orderMailSettings(ctx));
    }),

  get: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/commissions/{token}',
        tags: ['commissions'],
        summary: 'A commission by its signed link: the request, the current quote, the build log, what is paid and due',
      },
    })
    .concat(withInput(z.object({ token: commissionToken })))
    .concat(withOutput(commissionOutput))
    .query(({ ctx, input }) => commissionByToken(ctx.em, ctx.services.orderLinks, input.token)),

  accept: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/commissions/{token}/accept',
        tags: ['commissions'],
        summary: 'Accept the current quote and pay its deposit (once, whatever the clicks or tabs)',
      },
      limit: 'cardPayment',
    })
    .concat(withInput(commissionAcceptInput))
    .concat(withOutput(commissionOutput))
    .mutation(async ({ ctx, input }) => {
      // A payment: counted with the card payments, per client.
      await ctx.services.rateLimits.consume('cardPayment', ctx.clientKey, 'payment attempts');
      return acceptQuote(ctx, ctx.services, input, orderMailSettings(ctx));
    }),

  payBalance: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/commissions/{token}/balance',
        tags: ['commissions'],
        summary: 'Pay the balance of a finished piece (once)',
      },
      limit: 'cardPayment',
    })
    .concat(withInput(commissionBalanceInput))
    .concat(withOutput(commissionOutput))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.rateLimits.consume('cardPayment', ctx.clientKey, 'payment attempts');
      return payBalance(ctx, ctx.services, input, orderMailSettings(ctx));
    }),
});
