import { spawn } from 'node:child_process';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { SERVER_BUNDLE } from '../../scripts/build-server.mjs';
import { createScratchDatabase } from '../../server/db/scratch-database';
import { cookiesOf, TEST_ADMIN_PASSWORD } from '../support/admin-client';
import { countRows } from '../support/fixtures';

// D29: `npm start`'s entry (server/index.ts) with NODE_ENV=production refuses, before it touches anything, each
// setting that would lose money or data, naming it; a staging shop that names the sandbox starts, without demo
// data it did not ask for, and says that its emails are not sent.

type Env = Record<string, string | undefined>;

// A production shop on Square's live API: each case below makes one setting unsafe. Its database is never
// reached (the settings are refused first).
const LIVE: Env = {
  NODE_ENV: 'production',
  PORT: '0',
  HOST: '127.0.0.1',
  DATABASE_URL: 'postgres://turnery@127.0.0.1:1/turnery',
  ADMIN_PASSWORD: 'a long admin password',
  SESSION_SECRET: 'production-settings-session-secret-0123456789',
  PUBLIC_URL: 'https://shop.example',
  PAYMENT_PROVIDER: 'square',
  SQUARE_APPLICATION_ID: 'sq0idp-turnery-live',
  SQUARE_ACCESS_TOKEN: 'live-token',
  SQUARE_LOCATION_ID: 'L1',
  SQUARE_BASE_URL: 'https://connect.squareup.com',
  STOP_DELAY_MS: '0',
};

interface Run {
  output: string;
  /** The shop's address once it says it is open; rejected if it exits first. */
  opened: Promise<string>;
  /** Its exit code, once it has exited. */
  exited: Promise<number | null>;
  /** SIGTERM (unless it has exited), then its exit code. */
  stop(): Promise<number | null>;
}

/** The server's bundle (tests/support/global-setup.ts) in a process of its own with exactly `env` (nothing inherited but PATH). */
function startUp(env: Env): Run {
  const settings = Object.fromEntries(Object.entries({ PATH: process.env.PATH, ...env }).filter(([, value]) => value !== undefined));
  const child = spawn(process.execPath, [SERVER_BUNDLE], { env: settings, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const run: Run = {
    output: '',
    exited,
    opened: new Promise((resolve, reject) => {
      const read = (chunk: Buffer) => {
        run.output += chunk.toString();
        const open = /Turnery is open at (http:\/\/\S+)/.exec(run.output);
        if (open) resolve(open[1]!);
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      void exited.then((code) => reject(new Error(`exited (${code}):\n${run.output}`)));
    }),
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
  run.opened.catch(() => undefined);
  return run;
}

/** How a start with `env` ended (a shop still running after 90 s is stopped: null), and the problems it named. */
async function refusal(env: Env): Promise<{ code: number | null; problems: string[] }> {
  const run = startUp(env);
  // Generous: six starts at once load the server's code on a 2-core machine that is running other tests too.
  const timer = setTimeout(() => void run.stop(), 90_000);
  const code = await Promise.race([run.exited, run.opened.then(() => run.stop().then(() => null))]);
  clearTimeout(timer);
  const problems = run.output
    .split('\n')
    .filter((line) => /^ {2}[A-Z_]+: /.test(line))
    .map((line) => line.trim());
  return { code, problems };
}

describe('production start-up (D29)', () => {
  it('exits non-zero naming each unsafe setting, alone and all at once', { timeout: 120_000 }, async () => {
    const [noProvider, noDatabase, shortPassword, liveIdSandboxApi, sandboxIdLiveApi, all] = await Promise.all([
      refusal({ ...LIVE, PAYMENT_PROVIDER: undefined }),
      refusal({ ...LIVE, DATABASE_URL: undefined }),
      refusal({ ...LIVE, ADMIN_PASSWORD: 'x' }),
      refusal({ ...LIVE, SQUARE_BASE_URL: undefined }),
      refusal({ ...LIVE, SQUARE_APPLICATION_ID: 'sandbox-sq0idb-turnery' }),
      refusal({ ...LIVE, PAYMENT_PROVIDER: undefined, DATABASE_URL: undefined, ADMIN_PASSWORD: 'x', SQUARE_BASE_URL: undefined }),
    ]);
    expect(noProvider).toEqual({ code: 1, problems: [expect.stringMatching(/^PAYMENT_PROVIDER: required in production/)] });
    expect(noDatabase).toEqual({ code: 1, problems: [expect.stringMatching(/^DATABASE_URL: required in production/)] });
    expect(shortPassword).toEqual({ code: 1, problems: ['ADMIN_PASSWORD: must be at least 12 characters in production'] });
    expect(liveIdSandboxApi).toEqual({
      code: 1,
      problems: [
        expect.stringMatching(
          /^SQUARE_BASE_URL: https:\/\/connect\.squareupsandbox\.com is Square's sandbox but SQUARE_APPLICATION_ID is a production id/,
        ),
      ],
    });
    expect(sandboxIdLiveApi).toEqual({
      code: 1,
      problems: [
        expect.stringMatching(
          /^SQUARE_BASE_URL: https:\/\/connect\.squareup\.com is Square's production but SQUARE_APPLICATION_ID is a sandbox id/,
        ),
      ],
    });
    expect(all.code).toBe(1);
    expect(all.problems.map((line) => line.split(':')[0])).toEqual([
      'ADMIN_PASSWORD',
      'DATABASE_URL',
      'PAYMENT_PROVIDER',
      'SQUARE_BASE_URL',
    ]);
  });

  describe('a staging shop (PAYMENT_PROVIDER=sandbox named)', () => {
    let database: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
    let run: Run | undefined;
    afterAll(async () => {
      await run?.stop();
      await database?.drop();
    });

    it(
      'starts without the demo catalogue, warns once that emails are not sent, and the dashboard says so',
      { timeout: 60_000 },
      async () => {
        database = await createScratchDatabase(inject('databaseServerUrl'), 'staging');
        run = startUp({
          ...LIVE,
          DATABASE_URL: database.url,
          PAYMENT_PROVIDER: 'sandbox',
          SQUARE_APPLICATION_ID: undefined,
          SQUARE_ACCESS_TOKEN: undefined,
          SQUARE_LOCATION_ID: undefined,
          SQUARE_BASE_URL: undefined,
          ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
          LOG_LEVEL: 'warn',
        });
        const url = await run.opened;
        expect(await countRows(database.url, 'product')).toBe(0);
        expect(await countRows(database.url, 'blog_post')).toBe(0);
        expect(run.output.match(/SMTP_URL is not set: emails are only kept in the outbox/g)).toHaveLength(1);

        // Production's session cookie is Secure: sign in as through the TLS-terminating proxy it trusts on loopback.
        const login = await fetch(`${url}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
          body: JSON.stringify({ password: TEST_ADMIN_PASSWORD }),
        });
        expect(login.status).toBe(200);
        const stats = await fetch(`${url}/api/admin/stats`, { headers: { cookie: cookiesOf(login), 'x-forwarded-proto': 'https' } });
        expect(((await stats.json()) as { warnings?: string[] }).warnings).toEqual([
          "No SMTP server is set (SMTP_URL): emails are only kept in the outbox (the admin's Emails tab), not sent to customers or to you.",
        ]);
        expect(await run.stop()).toBe(0);
      },
    );
  });
});
