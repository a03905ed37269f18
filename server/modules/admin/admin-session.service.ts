import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type SqlRunner } from '../../db/sql';
import type { SessionData } from '../../trpc/context';
import { AdminSession, type IAdminSession } from './admin-session.entity';

export const ADMIN_IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
export const ADMIN_ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
// lastSeenAt is refreshed at most this often, so reads don't each cost a write.
const TOUCH_INTERVAL_MS = 60 * 1000;

/**
 * Server-side admin sessions (D16): the signed cookie only names a row, so a logout ends it everywhere. Rows are read
 * through the entity and written one statement each through the SQL helper (docs/architecture.md, table of tables),
 * so a password's replacement can end them in its transaction of statements.
 */
export class AdminSessionService {
  async current(ctx: { em: EntityManager; session: SessionData }): Promise<IAdminSession | null> {
    const id = ctx.session.adminSessionId;
    if (!id) return null;
    const row = await ctx.em.findOne(AdminSession, { id, revokedAt: null });
    const now = Date.now();
    if (!row || now - row.lastSeenAt.getTime() > ADMIN_IDLE_TIMEOUT_MS || now - row.createdAt.getTime() > ADMIN_ABSOLUTE_TIMEOUT_MS) {
      return null;
    }
    if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await sql(ctx.em).query('update admin_session set last_seen_at = $2 where id = $1', [id, new Date(now)]);
    }
    return row;
  }

  /** A fresh session at every sign-in, so a session id fixed before login is never reused. */
  async start(ctx: { em: EntityManager; session: SessionData }): Promise<void> {
    const id = randomBytes(32).toString('hex');
    const now = new Date();
    await sql(ctx.em).query('insert into admin_session (id, created_at, last_seen_at) values ($1, $2, $2)', [id, now]);
    ctx.session.adminSessionId = id;
  }

  async end(ctx: { em: EntityManager; session: SessionData }): Promise<void> {
    const id = ctx.session.adminSessionId;
    delete ctx.session.adminSessionId;
    if (id) await sql(ctx.em).query('update admin_session set revoked_at = $2 where id = $1', [id, new Date()]);
  }

  /**
   * Ends every admin session but `keep` (all of them without it): other browsers must sign in again. One statement,
   * so a password's replacement ends them in its transaction of statements (account.service.ts).
   */
  async endOthers(runner: SqlRunner, keep?: string): Promise<number> {
    const [ended] = await runner.query<{ count: number }>(
      `with ended as (update admin_session set revoked_at = now() where revoked_at is null and id is distinct from $1 returning 1)
       select count(*)::int as count from ended`,
      [keep ?? null],
    );
    return ended!.count;
  }
}
