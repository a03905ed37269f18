import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { API_TOKEN_SCOPES } from '../../domain/api-token-scopes';

// A named API token of the owner's (migrations/Migration20261125090000.ts). The secret itself is never stored:
// only its SHA-256, to find the row, and a short prefix the owner recognises it by.
export const ApiToken = defineEntity({
  name: 'ApiToken',
  tableName: 'api_token',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(100),
    scope: p.enum([...API_TOKEN_SCOPES]),
    prefix: p.string().length(16),
    secretHash: p.string().length(64).unique(),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime().nullable(),
    lastUsedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
  },
});

export type IApiToken = InferEntity<typeof ApiToken>;
