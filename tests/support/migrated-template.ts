import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { createScratchDatabase } from '../../server/db/scratch-database';

/**
 * A new database on the server with every migration applied (dropped again if a migration fails), for the tests to
 * copy (`create database ... template`): the vitest run's (global-setup.ts) and the browser tests'
 * (tests/e2e/support/global-setup.ts). A server started on a copy still runs the migrator, and finds nothing to apply.
 */
export async function createMigratedTemplate(serverUrl: string) {
  const template = await createScratchDatabase(serverUrl, 'template');
  try {
    const database = await openDatabase(loadConfig({ NODE_ENV: 'test', DATABASE_URL: template.url }), () => {});
    await database.close();
    return template;
  } catch (error) {
    await template.drop();
    throw error;
  }
}
