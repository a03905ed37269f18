import { z } from 'zod';
import { API_TOKEN_SCOPES } from '../../domain/api-token-scopes';
import { idInput } from '../../domain/ids';
import { AppError } from '../../trpc/errors';
import { ownerProcedure, router } from '../../trpc/init';
import type { IApiToken } from './api-token.entity';

const tokenOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  /** The first characters of the secret (`tny_` and 8 more): enough to tell tokens apart, useless to use. */
  prefix: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});

const toTokenDto = (token: IApiToken): z.infer<typeof tokenOutput> => ({
  id: token.id,
  name: token.name,
  scope: token.scope,
  prefix: token.prefix,
  createdAt: token.createdAt.toISOString(),
  expiresAt: token.expiresAt?.toISOString() ?? null,
  lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
});

const createInput = z.object({
  name: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  scope: z.enum(API_TOKEN_SCOPES, { error: `must be one of ${API_TOKEN_SCOPES.join(', ')}` }),
  expiresAt: z.iso
    .datetime({ offset: true, error: 'must be a date and time (ISO 8601), e.g. 2027-01-31T23:59:59Z' })
    .refine((value) => Date.parse(value) > Date.now(), 'must be in the future')
    .nullish(),
});

// The owner's API tokens, managed from the signed-in browser only (ownerProcedure): a token never makes or revokes
// tokens. The secret is in the answer to create, once; nothing else ever returns it.
export const apiTokensRouter = router({
  list: ownerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/tokens',
        tags: ['admin'],
        summary: 'API tokens (never their secrets), newest first',
        protect: true,
      },
    })
    .input(z.void())
    .output(z.array(tokenOutput))
    .query(async ({ ctx }) => (await ctx.services.apiTokens.list(ctx.em)).map(toTokenDto)),

  create: ownerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/tokens',
        tags: ['admin'],
        summary: 'Create an API token; its secret is in this answer only',
        protect: true,
      },
    })
    .input(createInput)
    .output(tokenOutput.extend({ token: z.string().describe('The secret: send it as "Authorization: Bearer <token>". Shown this once.') }))
    .mutation(async ({ ctx, input }) => {
      const { token, secret } = await ctx.services.apiTokens.create(ctx.em, {
        name: input.name,
        scope: input.scope,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      });
      ctx.services.logger.info({ tokenId: token.id, prefix: token.prefix, scope: token.scope }, 'API token created');
      return { ...toTokenDto(token), token: secret };
    }),

  revoke: ownerProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/admin/tokens/{id}', tags: ['admin'], summary: 'Revoke an API token for good', protect: true },
    })
    .input(idInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      if (!(await ctx.services.apiTokens.revoke(ctx.em, input.id))) throw new AppError('NOT_FOUND', `No API token with id ${input.id}`);
      ctx.services.logger.info({ tokenId: input.id }, 'API token revoked');
      return { success: true as const };
    }),
});
