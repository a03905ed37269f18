import type { EntityManager } from '@mikro-orm/postgresql';
import type { SqlSource } from './sql';

/** A unit of work's database: `db` for statements written by hand (sql), `em` for entities. */
export interface DbHandles {
  readonly em: EntityManager;
  readonly db: SqlSource;
}

/**
 * `root`'s pool for statements, and a fork of it made only when `em` is first read: a fork cost 2.8% of the shop's
 * CPU in a checkout profile (8 µs alone, more under load), and most requests and jobs only run statements.
 */
export function lazyHandles(root: EntityManager): DbHandles {
  let em: EntityManager | undefined;
  return {
    get em() {
      return (em ??= root.fork());
    },
    db: root,
  };
}
