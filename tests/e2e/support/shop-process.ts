// A shop for the browser tests: the server bundle `npm start` runs (built by `npm run test:e2e` with the client), as
// a process of its own on a port of its own, on a fresh copy of the run's migrated template (global-setup.ts names
// the server and the template), with the demo catalogue: each worker's shop (global-setup.ts), and the second shop of
// a spec that drives a real provider's flow (PAYMENT_PROVIDER=square or paypal) against a local fake, or a staging shop.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_BUNDLE } from '../../../scripts/build-server.mjs';
import { createScratchDatabase } from '../../../server/db/scratch-database';
import { E2E_ADMIN_PASSWORD, E2E_SESSION_SECRET } from './admin-password';
import { e2eDatabaseUrlFile } from './database';

export interface ShopProcess {
  url: string;
  stop(): Promise<void>;
}

/** The shop's settings on `port`; `settings` adds to them or replaces them. */
function shopSettings(port: number, databaseUrl: string, settings: Record<string, string>): Record<string, string> {
  const url = `http://127.0.0.1:${port}`;
  return {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(os.tmpdir(), `turnery-e2e-data-${randomBytes(4).toString('hex')}`),
    ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    SESSION_SECRET: E2E_SESSION_SECRET,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Every spec's buyer pays from this one address.
    PAYMENT_ATTEMPTS_PER_CLIENT: '100000',
    // The address the specs browse (their baseURL): the shop's links, canonical and sitemap name it (D26).
    PUBLIC_URL: url,
    // The webhook spec's receiver listens on 127.0.0.1.
    WEBHOOK_ALLOW_INTERNAL_ADDRESSES: 'true',
    // Nothing balances in front of it: stop at once.
    STOP_DELAY_MS: '0',
    ...settings,
  };
}

/**
 * Starts a shop on `port` with `settings` (e.g. a provider's, or a staging shop's NODE_ENV=production) and waits until
 * it answers; `echo` copies its output to this process's. Specs that must set up data no API offers (e.g. a sold-out
 * product) reach its database through the file e2eDatabaseUrlFile(port) names.
 */
export async function startShop(port: number, settings: Record<string, string>, options: { echo?: boolean } = {}): Promise<ShopProcess> {
  const { E2E_DATABASE_SERVER_URL: serverUrl, E2E_TEMPLATE_DATABASE: template } = process.env;
  if (!serverUrl || !template)
    throw new Error('shops start under the browser tests (global-setup.ts), which name their database server and template');
  const database = await createScratchDatabase(serverUrl, 'e2e', template);
  fs.writeFileSync(e2eDatabaseUrlFile(port), database.url);
  // The process's own environment without any provider settings of this one's: only `settings` name a provider.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(PAYMENT_PROVIDER|SQUARE_|PAYPAL_)/.test(name)));
  // Without --enable-source-maps, which npm start passes: mapping the bundle's stack traces cost these shops about 8%
  // more CPU over four specs (90 against 83 s, measured with the machine's busy time), for logs nobody reads here.
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    env: { ...inherited, ...shopSettings(port, database.url, settings) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const forget = async () => {
    fs.rmSync(e2eDatabaseUrlFile(port), { force: true });
    await database.drop().catch(() => undefined);
  };
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  try {
    await answering(`${url}/api/health`, child, () => output);
  } catch (error) {
    child.kill('SIGTERM');
    await exited;
    await forget();
    throw error;
  }
  if (options.echo) {
    child.stdout.on('data', (chunk: Buffer) => process.stdout.write(chunk));
    child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await forget();
    },
  };
}

/** Resolves once `healthUrl` answers below 500; rejects when the process exits first, or after 120 s. */
async function answering(healthUrl: string, child: ReturnType<typeof spawn>, output: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop at ${healthUrl} exited (${child.exitCode}):\n${output()}`);
    const status = await fetch(healthUrl).then(
      (response) => response.status,
      () => 0,
    );
    if (status > 0 && status < 500) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the shop at ${healthUrl} did not answer in 120 s:\n${output()}`);
}
