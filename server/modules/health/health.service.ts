import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import { AppError } from '../../trpc/errors';

/** Asks the database for the smallest answer it can give (plain SQL: the round trip is the check, no table is read). */
// A health check answers within this long even if the database does not (a frozen connection).
const CHECK_TIMEOUT_MS = 2000;

export async function checkDatabase(em: EntityManager): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('health check timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([sql(em).query('select 1'), timeout]);
  } catch {
    throw new AppError('DATABASE_UNAVAILABLE', 'The database is not reachable');
  } finally {
    clearTimeout(timer);
  }
}
