import { AppError } from '../../trpc/errors';
import { z } from 'zod';
import { publicProcedure, router, withInput, withOutput } from '../../trpc/init';
import { emailAddress, named, namedInput, successOutput } from '../../contract/wire-schemas';
import { subscribe, unsubscribe } from './newsletter.service';
import { publicOrigin } from '../../contract/public-origin';
import { listUnsubscribeHeaders } from './unsubscribe-headers';

// One address, one row: stored trimmed and lower-case.
const emailInput = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'))
  .describe('The address to subscribe (kept trimmed and lower-case)');

const subscription = namedInput(z.object({ email: emailInput }), 'NewsletterSubscription', 'Join the newsletter.', {
  email: 'ada@example.com',
});

const unsubscribeBody = namedInput(
  z.object({
    token: z
      .string({ error: 'Token is required' })
      .trim()
      .min(1, 'Token is required')
      .max(1000)
      .describe("The signed token of the unsubscribe link in the newsletter's emails"),
  }),
  'NewsletterUnsubscribe',
  'Leave the newsletter with the signed link of one of its emails.',
  { token: 'YWRhQGV4YW1wbGUuY29t.rrm5MKhvw2ph1vGUlqk3K1GPt5gA6jZUFh7yCuQrX1Q' },
);

const unsubscribed = named(
  successOutput.extend({ email: emailAddress('The address that was unsubscribed') }),
  'NewsletterUnsubscribed',
  'The address will get no more newsletters.',
  { success: true, email: 'ada@example.com' },
);

export const newsletterRouter = router({
  subscribe: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/newsletter/subscribe', tags: ['newsletter'], summary: 'Subscribe to the newsletter' } })
    .concat(withInput(subscription))
    .concat(withOutput(successOutput))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.rateLimits.consume('newsletter', ctx.clientKey);
      const token = ctx.services.unsubscribeTokens.sign(input.email);
      const origin = publicOrigin(ctx);
      const url = `${origin}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
      await subscribe(ctx.db, ctx.services.mail, input.email, {
        unsubscribeUrl: url,
        headers: listUnsubscribeHeaders(origin, token),
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
    .concat(withInput(unsubscribeBody))
    .concat(withOutput(unsubscribed))
    .mutation(async ({ ctx, input }) => {
      const email = ctx.services.unsubscribeTokens.verify(input.token);
      if (!email) {
        throw new AppError('VALIDATION_FAILED', 'token: This unsubscribe link is not valid. Please use the link from your email.');
      }
      await unsubscribe(ctx.db, email);
      return { success: true as const, email };
    }),
});
