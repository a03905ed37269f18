import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { SQL_POOL_MAX, connectionSettings } from './connection-settings';
import { ShopDriver } from './shop-driver';

/** What finds the shop's pool: any EntityManager of the ORM it was opened for (the global one or a fork). */
export type PoolOwner = Pick<EntityManager, 'getDriver'>;

/** The ORM's driver as the shop made it (orm-config.ts names ShopDriver), or an error saying how to open it. */
function shopDriver(owner: PoolOwner): ShopDriver {
  const driver = owner.getDriver();
  if (!(driver instanceof ShopDriver)) throw new Error('This ORM was not made with createOrmConfig (server/db/orm-config.ts)');
  return driver;
}

/**
 * Opens the shop's own pool on the ORM's database, for the statements written by hand (sql, sqlTransaction) and the
 * rate limits; `orm`'s EntityManagers find it from then on. The caller ends it after closing the ORM.
 * A connection that failed is never lent again: sql releases it with its error, which destroys it.
 */
export function openSqlPool(orm: MikroORM, url: string, queryTimeoutMs: number | undefined, log: (line: string) => void): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: SQL_POOL_MAX,
    // Its connectionTimeoutMillis is also how long pg-pool lets a request wait for a free connection.
    ...connectionSettings(queryTimeoutMs),
  });
  // An idle connection the database dropped (a restart, a failover) is removed by the pool; said, never thrown.
  pool.on('error', (error) => log(`database connection lost: ${error.message}`));
  shopDriver(orm.em).sqlPool = pool;
  return pool;
}

/** The shop's pool of `owner`'s ORM (openSqlPool). */
export function sqlPool(owner: PoolOwner): pg.Pool {
  const pool = shopDriver(owner).sqlPool;
  if (!pool) throw new Error('No SQL pool for this ORM: open the database with openDatabase (server/db/database.ts)');
  return pool;
}
