import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string;
  }
}

/**
 * One PostgreSQL server for the whole run: DATABASE_URL when set, otherwise an embedded one in a temporary
 * directory. Each API test file then makes its own database on it, so files never share state.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('databaseServerUrl', process.env.DATABASE_URL);
    return;
  }
  const dir = path.join(os.tmpdir(), `turnery-test-${randomBytes(4).toString('hex')}`, 'pg');
  const server = await startEmbeddedPostgres(dir, () => {}, { persistent: false });
  project.provide('databaseServerUrl', server.url);
  return () => server.stop();
}
