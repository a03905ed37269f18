import type { EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';

/** What finds the instance's pool: any EntityManager of the ORM (the global one or a fork). */
export type PoolOwner = Pick<EntityManager, 'getConnection'>;

/**
 * The instance's one pool, the ORM's (server/db/orm-config.ts: its timeouts, keepalive, size), for the statements
 * written by hand (sql, sqlTransaction) and the rate limits too: found through the ORM's documented
 * `getConnection().getNativeClient()`, so no table beside it. The ORM ends it when it closes.
 * A connection that failed is never lent again: sql releases it with its error, which destroys it.
 */
export function sqlPool(owner: PoolOwner): Promise<pg.Pool> {
  return owner.getConnection().getNativeClient();
}
