import { z } from 'zod';
import { publicProcedure, router, withInput, withOutput } from '../../trpc/init';
import { named, namedInput, successOutput } from '../../contract/wire-schemas';

// Sign-in for the owner (docs/product.md section 2, D15, D16). A wrong password is a 200 {success: false}, so the
// spec's client shows 'Invalid password. Please try again.'; a failed request (429, 5xx) shows its own text.
const loginInput = namedInput(
  z.object({
    password: z
      .string()
      .max(1000)
      .refine((value) => value.trim().length > 0, 'Password is required')
      .describe("The owner's password"),
  }),
  'LoginRequest',
  'Sign in as the administrator.',
  { password: 'correct horse battery staple' },
);

const loginOutput = named(
  z.object({ success: z.boolean().meta({ description: 'True when signed in (the session cookie is set); false for a wrong password' }) }),
  'LoginResult',
  'Whether the password was right. A wrong one is this answer with false (docs/product.md), not an error.',
  { success: true },
);

const verifyOutput = named(
  z.object({ authenticated: z.boolean().meta({ description: 'Whether the request carries a live administrator session' }) }),
  'AdminVerification',
  'Whether this browser is signed in as the administrator.',
  { authenticated: true },
);

export const authRouter = router({
  login: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/login', tags: ['admin'], summary: 'Sign in as the administrator' } })
    .concat(withInput(loginInput))
    .concat(withOutput(loginOutput))
    .mutation(async ({ ctx, input }) => {
      // Counted before checking, so a guesser is stopped at the limit whatever they try; a success resets it.
      await ctx.services.rateLimits.consume('adminLogin', ctx.clientKey);
      const ok = await ctx.services.adminPassword.verify(ctx.db, input.password);
      if (!ok) {
        ctx.services.logger.warn({ client: ctx.clientKey }, 'failed admin sign-in');
        return { success: false };
      }
      await ctx.services.rateLimits.reset('adminLogin', ctx.clientKey);
      // End any session this browser had, then start a fresh one (no session fixation).
      await ctx.services.adminSessions.end(ctx);
      await ctx.services.adminSessions.start(ctx);
      return { success: true };
    }),

  logout: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/logout', tags: ['admin'], summary: 'Sign out; the session ends for good' } })
    .concat(withInput(z.void()))
    .concat(withOutput(successOutput))
    .mutation(async ({ ctx }) => {
      await ctx.services.adminSessions.end(ctx);
      return { success: true as const };
    }),

  verify: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/admin/verify', tags: ['admin'], summary: 'Is this browser signed in as the administrator?' },
    })
    .concat(withInput(z.void()))
    .concat(withOutput(verifyOutput))
    .query(async ({ ctx }) => ({ authenticated: (await ctx.services.adminSessions.current(ctx)) !== null })),
});
