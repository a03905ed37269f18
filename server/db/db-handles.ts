import type { EntityManager } from '@mikro-orm/postgresql';
import type { SqlSource } from './sql';

/** A unit of work's database: `db` for statements written by hand (sql), `em` for entities. */
export interface DbHandles {
  readonly em: EntityManager;
  readonly db: SqlSource;
}

/**
 * `root`'s pool for statements, and a fork of it made only when `em` is first read: a fork cost 2.8% of the shop's
 * CPU in a checkout profile (8 µs alone, more under load), and most requests and jobs only run statements. A class,
 * not an object literal with a getter: V8 builds such a literal through its slow path, and a tax call made one per
 * request (1.9% of its CPU in a profile).
 */
export function lazyHandles(root: EntityManager): DbHandles {
  return new LazyHandles(root);
}

class LazyHandles implements DbHandles {
  private forked: EntityManager | undefined;

  constructor(readonly db: EntityManager) {}

  get em(): EntityManager {
    return (this.forked ??= this.db.fork());
  }
}
