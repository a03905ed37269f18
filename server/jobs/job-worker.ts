import { Logger as GraphileLogger, run, runMigrations, type Runner, type TaskList } from 'graphile-worker';
import pg from 'pg';
import type { Logger } from '../logger';
import { CRONTAB } from './tasks';

// Background work (email and webhook delivery) runs on graphile-worker: jobs are rows in PostgreSQL (schema
// graphile_worker), taken with SKIP LOCKED, so any number of instances share one queue and a job runs once at
// a time; a failed job is retried with exponential backoff (exp(min(attempt, 10)) seconds) up to its
// max_attempts, then kept with its last error. Jobs of the clock (CRONTAB, in ./tasks.ts) are queued by
// graphile-worker's own scheduler, each tick once across every instance (its known_crontabs table).

/** How many jobs one instance runs at once. */
const CONCURRENCY = 2;

/** Installs or upgrades graphile-worker's own schema (call under the start-up lock: one instance at a time). */
export async function migrateJobQueue(url: string, logger?: Logger): Promise<void> {
  await runMigrations({ connectionString: url, logger: graphileLogger(logger) });
}

export interface JobWorker {
  stop(): Promise<void>;
}

/**
 * Starts this instance's worker on the shared queue. graphile-worker rides out a lost database itself: its notify
 * listener reconnects and, since 0.17, so does its cron scheduler (0.16's stopped the whole runner, for good and with
 * an unhandled rejection, when the database was away at a tick: emails and webhooks then waited for the next deploy).
 */
export async function startJobWorker(url: string, taskList: TaskList, logger: Logger): Promise<JobWorker> {
  // Our own pool, so stopping waits until its connections are closed (graphile-worker ends a pool it made without
  // waiting, and a connection still closing when the database goes away raised an unhandled error).
  const pool = new pg.Pool({ connectionString: url, max: CONCURRENCY + 2 });
  const lost = (error: Error) => logger.warn({ jobQueue: true, err: { message: error.message } }, 'job queue connection lost');
  // An idle connection's error reaches the pool; a checked-out one's its client (graphile-worker asks for both).
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  const runner: Runner = await run({
    pgPool: pool,
    concurrency: CONCURRENCY,
    // The server stops the worker itself, after the HTTP server, on SIGTERM.
    noHandleSignals: true,
    // New jobs are announced with NOTIFY; polling only catches jobs whose retry time has come.
    pollInterval: 1000,
    taskList,
    crontab: CRONTAB,
    logger: graphileLogger(logger),
  });
  let ended = false;
  const end = (error?: unknown) => {
    ended = true;
    logger.error(
      { jobQueue: true, err: error instanceof Error ? { message: error.message } : undefined },
      "the job queue's runner stopped by itself",
    );
  };
  let stopping = false;
  runner.promise.then(
    () => stopping || end(),
    (error: unknown) => stopping || end(error),
  );
  return {
    async stop() {
      stopping = true;
      if (!ended) await runner.stop();
      await pool.end();
    },
  };
}

function graphileLogger(logger: Logger | undefined) {
  return new GraphileLogger(() => (level, message, meta) => {
    if (!logger) return;
    const fields = { jobQueue: true, ...(meta as object) };
    const severity: string = level;
    // A failed attempt is expected (it is retried) and its task logs what went wrong; the queue's own faults are errors.
    if ((meta as { failure?: boolean } | undefined)?.failure) logger.debug({ jobQueue: true }, message.split('\n')[0]);
    else if (severity === 'error') logger.error(fields, message);
    else if (severity === 'warning') logger.warn(fields, message);
    else logger.debug(fields, message);
  });
}
