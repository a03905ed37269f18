import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../scripts/build-server.mjs';
import { startEmbeddedPostgres, TEST_SERVER_CONNECTIONS } from '../../server/db/embedded-postgres';
import { createMigratedTemplate } from './migrated-template';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string;
    /** A database on that server with every migration applied, which tests/support/test-server.ts copies. */
    migratedTemplate: string;
  }
}

/**
 * One PostgreSQL server for the whole run: DATABASE_URL when set, otherwise an embedded one in a temporary
 * directory. Each API test file then makes its own database on it, so files never share state. The migrations run
 * once, into a template each test server's database is copied from: a server started on the copy still runs the
 * migrator, and finds nothing to apply.
 */
export default async function setup(project: TestProject) {
  // The bundle `npm start` runs, for the tests that start the shop as a process of its own (tests/support/shop-process.ts):
  // 0.3 s to build, and each start then takes half the CPU of one through tsx.
  await buildServer();
  const embedded = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres(path.join(os.tmpdir(), `turnery-test-${randomBytes(4).toString('hex')}`, 'pg'), () => {}, {
        persistent: false,
        maxConnections: TEST_SERVER_CONNECTIONS,
      });
  const serverUrl = process.env.DATABASE_URL ?? embedded!.url;
  const template = await createMigratedTemplate(serverUrl).catch(async (error: unknown) => {
    // vitest runs no teardown for a setup that failed: the embedded server would outlive the run.
    await embedded?.stop();
    throw error;
  });
  project.provide('databaseServerUrl', serverUrl);
  project.provide('migratedTemplate', template.name);
  return async () => {
    await template.drop();
    await embedded?.stop();
  };
}
