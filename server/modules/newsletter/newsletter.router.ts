import { AppError } from '../../trpc/errors';
import { z } from 'zod';
import { publicProcedure, router } from '../../trpc/init';
import { subscribe, unsubscribe } from './newsletter.service';
import { publicOrigin } from '../../http/public-origin';
import { listUnsubscribeHeaders } from './one-click-unsubscribe';

// One address, one row: stored trimmed and lower-case.
const emailInput = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'));

const success = z.object({ success: z.literal(true) });

export const newsletterRouter = router({
  subscribe: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/newsletter/subscribe', tags: ['newsletter'], summary: 'Subscribe to the newsletter' } })
    .input(z.object({ email: emailInput }))
    .output(success)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.rateLimits.consume('newsletter', ctx.clientKey);
      const token = ctx.services.unsubscribeTokens.sign(input.email);
      const origin = publicOrigin(ctx);
      const url = `${origin}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
      await subscribe(ctx.em, ctx.services.mail, input.email, {
        unsubscribeUrl: url,
        headers: listUnsubscribeHeaders(origin, token),
        shop: { location: ctx.config.SHOP_LOCATION, email: ctx.config.SHOP_EMAIL },
      });
      // The same answer whether the address was new or known, so the form says nothing about who subscribed.
      return { success: true as const };
    }),

  unsubscribe: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/newsletter/unsubscribe',
        tags: ['newsletter'],
        summary: 'Unsubscribe with the signed link of an email',
      },
    })
    .input(z.object({ token: z.string({ error: 'Token is required' }).trim().min(1, 'Token is required').max(1000) }))
    .output(success.extend({ email: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const email = ctx.services.unsubscribeTokens.verify(input.token);
      if (!email) {
        throw new AppError('VALIDATION_FAILED', 'token: This unsubscribe link is not valid. Please use the link from your email.');
      }
      await unsubscribe(ctx.em, email);
      return { success: true as const, email };
    }),
});
