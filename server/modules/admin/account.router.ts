import { z } from 'zod';
import { sql } from '../../db/sql';
import { AppError } from '../../trpc/errors';
import { ownerProcedure, router, withInput, withOutput } from '../../trpc/init';
import { count, named, namedInput } from '../../contract/wire-schemas';
import { MIN_PASSWORD_LENGTH } from './admin-password.service';
import { replacePassword } from './account.service';

const password = z.string().max(1000);

const passwordChange = namedInput(
  z
    .object({
      currentPassword: password.min(1, 'is required').describe('The password in use'),
      newPassword: password
        .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
        .describe(`The new password, at least ${MIN_PASSWORD_LENGTH} characters`),
      revokeApiTokens: z
        .boolean('must be true or false')
        .default(true)
        .describe('Also revoke every API token (true unless told otherwise): whoever knew the old password may have made one'),
    })
    .refine((input) => input.newPassword !== input.currentPassword, {
      path: ['newPassword'],
      message: 'must differ from the current password',
    }),
  'PasswordChange',
  'A new administrator password; every other admin session ends, and every API token unless revokeApiTokens is false.',
  { currentPassword: 'correct horse battery staple', newPassword: 'a longer passphrase of mine', revokeApiTokens: true },
);

const passwordChanged = named(
  z.object({
    success: z.literal(true).meta({ description: 'Always true: a failure is an error answer instead' }),
    signedOutSessions: count('How many other admin sessions were ended', 1),
    revokedApiTokens: count('How many API tokens were revoked (0 when revokeApiTokens was false)', 2),
  }),
  'PasswordChanged',
  'What the password change ended.',
  { success: true, signedOutSessions: 1, revokedApiTokens: 2 },
);

const sessionsEnded = named(
  z.object({
    success: z.literal(true).meta({ description: 'Always true: a failure is an error answer instead' }),
    signedOutSessions: count('How many other admin sessions were ended', 1),
  }),
  'SessionsEnded',
  'Admin sessions that were ended.',
  { success: true, signedOutSessions: 1 },
);

// The owner's account: a new password (the current one asked first; other browsers signed out, API tokens revoked
// unless the owner keeps them), and signing
// out everywhere (a lost laptop, a shared computer).
export const accountRouter = router({
  changePassword: ownerProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/password', tags: ['admin'], summary: 'Change the admin password', protect: true } })
    .concat(withInput(passwordChange))
    .concat(withOutput(passwordChanged))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.rateLimits.consume('adminLogin', ctx.clientKey);
      if (!(await ctx.services.adminPassword.verify(ctx.db, input.currentPassword))) {
        throw new AppError('VALIDATION_FAILED', 'currentPassword: does not match the password in use');
      }
      const ended = await replacePassword(ctx.db, ctx.services, input.newPassword, {
        keepSession: ctx.adminSession.id,
        revokeApiTokens: input.revokeApiTokens,
      });
      ctx.services.logger.warn(ended, 'admin password changed');
      return { success: true as const, ...ended };
    }),

  signOutEverywhere: ownerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/sessions/end-all',
        tags: ['admin'],
        summary: 'Sign out every admin session, this one included',
        protect: true,
      },
    })
    .concat(withInput(z.void()))
    .concat(withOutput(sessionsEnded))
    .mutation(async ({ ctx }) => {
      const signedOutSessions = await ctx.services.adminSessions.endOthers(sql(ctx.db));
      await ctx.services.adminSessions.end(ctx);
      return { success: true as const, signedOutSessions };
    }),
});
