import { z } from 'zod';
import { API_TOKEN_SCOPES } from '../../domain/api-token-scopes';
import { idInput } from '../../domain/ids';
import { AppError } from '../../trpc/errors';
import { ownerProcedure, router, withInput, withOutput } from '../../trpc/init';
import { askedPage, optionalPagingInput, pageWindow, sendPagingHeaders } from '../../contract/list-paging';
import { named, namedInput, rowId, successOutput, timestamp } from '../../contract/wire-schemas';
import type { IApiToken } from './api-token.entity';

const tokenFields = z.object({
  id: rowId('The token id', 3),
  name: z.string().meta({ description: 'What the owner called it', examples: ['Accounting export'] }),
  scope: z.enum(API_TOKEN_SCOPES).meta({
    id: 'ApiTokenScope',
    description: 'What a token may do: read-only (GET only) or read-write.',
    examples: ['read-only'],
  }),
  /** The first characters of the secret (`tny_` and 8 more): enough to tell tokens apart, useless to use. */
  prefix: z.string().meta({ description: 'The first characters of the secret: enough to tell tokens apart', examples: ['tny_UNhY4Jhe'] }),
  createdAt: timestamp('When it was made'),
  expiresAt: timestamp('When it stops working').nullable().meta({ description: 'When it stops working; null: never' }),
  lastUsedAt: timestamp('When it was last used').nullable().meta({ description: 'When it was last used; null: never' }),
});

const tokenExample: z.infer<typeof tokenFields> = {
  id: 3,
  name: 'Accounting export',
  scope: 'read-only',
  prefix: 'tny_UNhY4Jhe',
  createdAt: '2026-11-24T15:04:05.000Z',
  expiresAt: null,
  lastUsedAt: '2026-11-25T08:00:00.000Z',
};

const tokenOutput = named(tokenFields, 'ApiToken', 'An API token of the owner (never its secret).', tokenExample);

const toTokenDto = (token: IApiToken): z.infer<typeof tokenOutput> => ({
  id: token.id,
  name: token.name,
  scope: token.scope,
  prefix: token.prefix,
  createdAt: token.createdAt.toISOString(),
  expiresAt: token.expiresAt?.toISOString() ?? null,
  lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
});

const createInput = namedInput(
  z.object({
    name: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters').describe('What to call it'),
    scope: z.enum(API_TOKEN_SCOPES, { error: `must be one of ${API_TOKEN_SCOPES.join(', ')}` }).describe('read-only or read-write'),
    expiresAt: z.iso
      .datetime({ offset: true, error: 'must be a date and time (ISO 8601), e.g. 2027-01-31T23:59:59Z' })
      .max(40, 'must be a date and time (ISO 8601), e.g. 2027-01-31T23:59:59Z')
      .refine((value) => Date.parse(value) > Date.now(), 'must be in the future')
      .nullish()
      .describe('When it stops working (ISO 8601, in the future); without it, never'),
  }),
  'ApiTokenInput',
  'A new API token.',
  { name: 'Accounting export', scope: 'read-only', expiresAt: '2027-01-31T23:59:59Z' },
);

const tokenCreated = named(
  tokenFields.extend({
    token: z.string().meta({ description: 'The secret: send it as "Authorization: Bearer <token>". Shown this once.' }),
  }),
  'ApiTokenCreated',
  'A new API token with its secret, which no other answer carries.',
  { ...tokenExample, lastUsedAt: null, token: 'tny_UNhY4JhezH9gQYqvDMWrWH9CwlcKiECVqejMrND2VFw' },
);

const tokenId = z.object({ id: idInput.shape.id.describe('The token id') });

// The owner's API tokens, managed from the signed-in browser only (ownerProcedure): a token never makes or revokes
// tokens. The secret is in the answer to create, once; nothing else ever returns it.
export const apiTokensRouter = router({
  list: ownerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/tokens',
        tags: ['admin'],
        summary: 'API tokens (never their secrets), newest first (all, or a page when page or pageSize is given)',
        protect: true,
      },
    })
    .concat(withInput(optionalPagingInput.optional()))
    .concat(withOutput(z.array(tokenOutput)))
    .query(async ({ ctx, input }) => {
      const paging = askedPage(input);
      const [tokens, total] = await ctx.services.apiTokens.list(ctx.em, paging && pageWindow(paging));
      if (paging) sendPagingHeaders(ctx, paging, total);
      return tokens.map(toTokenDto);
    }),

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
    .concat(withInput(createInput))
    .concat(withOutput(tokenCreated))
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
    .concat(withInput(tokenId))
    .concat(withOutput(successOutput))
    .mutation(async ({ ctx, input }) => {
      if (!(await ctx.services.apiTokens.revoke(ctx.em, input.id))) throw new AppError('NOT_FOUND', `No API token with id ${input.id}`);
      ctx.services.logger.info({ tokenId: input.id }, 'API token revoked');
      return { success: true as const };
    }),
});
