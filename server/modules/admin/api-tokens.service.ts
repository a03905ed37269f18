import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type SqlRunner } from '../../db/sql';
import type { ApiTokenScope } from '../../domain/api-token-scopes';
import type { RateLimits } from '../../trpc/rate-limits';
import type { PageWindow } from '../../contract/list-paging';
import { AppError } from '../../trpc/errors';
import { ApiToken, type IApiToken } from './api-token.entity';

/** Every secret starts with this, so a token pasted into the wrong place (a log, a repository) is recognisable. */
export const TOKEN_PREFIX = 'tny_';
// 'tny_' and 8 characters of the secret: enough for the owner to tell tokens apart, 48 of its 256 bits.
const SHOWN_LENGTH = TOKEN_PREFIX.length + 8;
// lastUsedAt is written at most this often per token, so a script's requests don't each cost a write.
const TOUCH_INTERVAL_MS = 60 * 1000;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * The owner's API tokens. A token is 32 random bytes (base64url) after `tny_`; the database keeps only its SHA-256
 * (a lookup by hash: a 256-bit secret needs no slow hash) and the shown prefix. The secret is returned once, by
 * create(), and never logged. Rows are read through the entity and written one statement each through the SQL helper
 * (docs/architecture.md, table of tables), so a password's replacement can revoke them in its transaction of statements.
 */
export class ApiTokenService {
  constructor(private readonly rateLimits: RateLimits) {}

  async create(em: EntityManager, input: { name: string; scope: ApiTokenScope; expiresAt: Date | null }) {
    const secret = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const [token] = await sql(em).query<IApiToken>(
      `insert into api_token (name, scope, prefix, secret_hash, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6)
       returning id, name, scope, prefix, secret_hash as "secretHash", created_at as "createdAt", expires_at as "expiresAt",
         last_used_at as "lastUsedAt", revoked_at as "revokedAt"`,
      [input.name, input.scope, secret.slice(0, SHOWN_LENGTH), hashOf(secret), new Date(), input.expiresAt],
    );
    return { token: token!, secret };
  }

  /** Tokens not revoked (expired ones too, so the owner sees they ran out), newest first. */
  /** Live tokens, newest first (ties by id): all, or the page `window` asks for; with how many there are. */
  async list(em: EntityManager, window?: PageWindow): Promise<[IApiToken[], number]> {
    const options = { orderBy: { createdAt: 'desc', id: 'desc' } } as const;
    if (window) return em.findAndCount(ApiToken, { revokedAt: null }, { ...options, ...window });
    const tokens = await em.find(ApiToken, { revokedAt: null }, options);
    return [tokens, tokens.length];
  }

  /** Revokes for good: the next request with it is 401. False when there is no such live token. */
  async revoke(em: EntityManager, id: number): Promise<boolean> {
    const revoked = await sql(em).query('update api_token set revoked_at = $2 where id = $1 and revoked_at is null returning id', [
      id,
      new Date(),
    ]);
    return revoked.length > 0;
  }

  /**
   * Revokes every live token (a password change, ADMIN_PASSWORD_RESET); answers how many. One statement, in the
   * password's transaction of statements (account.service.ts).
   */
  async revokeAll(tx: SqlRunner): Promise<number> {
    const [revoked] = await tx.query<{ count: number }>(
      `with revoked as (update api_token set revoked_at = now() where revoked_at is null returning 1)
       select count(*)::int as count from revoked`,
    );
    return revoked!.count;
  }

  /**
   * The token a request is made with, if it may: 401 for an unknown, expired or revoked token, 429 beyond its rate
   * limit, 403 for a write with a read-only one. Counts the request and notes when the token was last used.
   */
  async authenticate(em: EntityManager, secret: string, write: boolean): Promise<IApiToken> {
    if (!secret.startsWith(TOKEN_PREFIX)) {
      throw new AppError('UNAUTHENTICATED', `Send an API token as "Authorization: Bearer ${TOKEN_PREFIX}..."`);
    }
    const token = await em.findOne(ApiToken, { secretHash: hashOf(secret) });
    const now = new Date();
    if (!token) throw new AppError('UNAUTHENTICATED', 'This API token is not known');
    if (token.revokedAt) throw new AppError('UNAUTHENTICATED', 'This API token was revoked');
    if (token.expiresAt && token.expiresAt <= now) {
      throw new AppError('UNAUTHENTICATED', `This API token expired on ${token.expiresAt.toISOString()}`);
    }
    await this.rateLimits.consume('apiToken', String(token.id), 'requests with this API token');
    if (write && token.scope === 'read-only') {
      throw new AppError('FORBIDDEN', 'This API token is read-only: it may only read (GET). Create a read-write token to change things.');
    }
    if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      // Conditional, so instances answering the same token at once write it once.
      const stale = new Date(now.getTime() - TOUCH_INTERVAL_MS);
      await sql(em).query('update api_token set last_used_at = $2 where id = $1 and (last_used_at is null or last_used_at < $3)', [
        token.id,
        now,
        stale,
      ]);
    }
    return token;
  }
}
