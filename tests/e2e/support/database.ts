// The e2e server's database, for the few set-ups no API offers (a sold-out product, a gallery).
// shop-process.ts writes the address to a file named after the port, because the specs run in another process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { e2ePort } from './shop-port';

export const e2eDatabaseUrlFile = (port: number | string) => path.join(os.tmpdir(), `turnery-e2e-${port}.database-url`);

/** The address of the database the e2e server runs on, for tests/support/fixtures.ts. */
export const e2eDatabaseUrl = () => fs.readFileSync(e2eDatabaseUrlFile(e2ePort()), 'utf8');
