import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../trpc/errors';

/** Asks the database for the smallest answer it can give (plain SQL: the round trip is the check, no table is read). */
export async function checkDatabase(em: EntityManager): Promise<void> {
  try {
    await em.getConnection().execute('select 1');
  } catch {
    throw new AppError('DATABASE_UNAVAILABLE', 'The database is not reachable');
  }
}
