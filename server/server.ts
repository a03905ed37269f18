import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { createApp } from './app';
import { answerUnreadableRequest } from './http/request-hygiene';
import { createContextFactory } from './trpc/context';
import { CatalogChanges } from './cache/catalog-changes';
import { PageImages } from './http/page-images';
import { PageRenderer } from './http/page-renderer';
import { projectRoot } from './paths';
import { ResponseCache } from './cache/response-cache';
import type { Config } from './config';
import { openDatabase } from './db/database';
import { seedDemoData } from './db/seed';
import { createLogger } from './logger';
import { createServices } from './services';
import { startPaymentRecovery } from './modules/payments';
import { startJobWorker } from './jobs/job-worker';
import { createTaskList } from './jobs/tasks';
import { uploadsDir } from './http/uploads';
import { importDiskUploads, resetAdminAccount } from './modules/admin';

// How long requests in flight may take to finish after a stop was asked for.
const STOP_GRACE_MS = 10_000;
const KEEP_ALIVE_MS = 65_000;

export interface RunningServer {
  url: string;
  port: number;
  /** The metrics' own port (METRICS_PORT), when set. */
  metricsPort?: number;
  http: Server;
  databaseUrl: string;
  stop(): Promise<void>;
}

/** config -> database -> migrations -> seed -> app -> listen. Used by `npm start` and by the tests. */
export async function startServer(config: Config, options: { clientDir?: string } = {}): Promise<RunningServer> {
  const logger = createLogger(config);
  const started = Date.now();
  const database = await openDatabase(config, (line) => logger.info(line));
  if (config.SEED_DEMO_DATA && (await seedDemoData(database.orm.em.fork()))) logger.info('seeded the demo catalogue');
  const imported = await importDiskUploads(database.orm.em.fork(), uploadsDir(config.dataDir));
  if (imported > 0) logger.info(`copied ${imported} uploaded images from ${uploadsDir(config.dataDir)} into the database`);
  const catalogChanges = new CatalogChanges(database.url, logger);
  const services = await createServices(config, logger, database.orm, catalogChanges);
  // D15: a generated admin password is printed here, once, in the start-up log.
  await services.adminPassword.prepare(database.orm.em.fork());
  if (config.ADMIN_PASSWORD_RESET) await resetAdminAccount(database.orm.em.fork(), config.ADMIN_PASSWORD!, services);
  // The order links' key lives in the database, shared by every instance (a new SESSION_SECRET leaves links working).
  await services.orderLinks.prepare(database.orm.em.fork());
  // Queued jobs (email delivery) run on this instance too; the queue is shared by every instance.
  const jobWorker = await startJobWorker(database.url, createTaskList(database.orm, services), logger);
  // Payments a stop or crash left taken without an order are refunded (or finished) now and every minute.
  const stopPaymentRecovery = startPaymentRecovery(database.orm.em, services.payments, logger, config.PAYMENT_RECOVERY_AFTER_MS);
  await catalogChanges.start();
  services.salesSettings.follow(catalogChanges);
  const responseCache = new ResponseCache(catalogChanges, config.RESPONSE_CACHE);
  const pageImages = new PageImages(database.orm.em, catalogChanges);
  const pageRenderer = new PageRenderer(path.join(projectRoot, 'dist/ssr'), logger, catalogChanges);
  const createContext = createContextFactory({ em: database.orm.em, config, services });
  const app = createApp({
    createContext,
    orm: database.orm,
    config,
    services,
    logger,
    responseCache,
    pageImages,
    pageRenderer,
    clientDir: options.clientDir,
  });
  // One road (D32): every request, the API's and the pages', goes through express.
  const http = createServer(app);
  // Idle keep-alive connections are kept 65 s, not Node's 5: at 5 s the server closed one just as a client sent on
  // it (an end-to-end test's API call after 5 s of browsing: ECONNRESET in the client, nothing in the server's log).
  // A client that keeps a connection idle longer still races the close; a proxy in front should keep its idle
  // upstream connections for less.
  http.keepAliveTimeout = KEEP_ALIVE_MS;
  http.headersTimeout = KEEP_ALIVE_MS + 1_000;
  http.on('clientError', answerUnreadableRequest);
  // Metrics on a port of their own (METRICS_PORT), for a scraper on this machine or, with METRICS_HOST, a private
  // network: no token is asked there, and the shop's port never shows them.
  const metricsServer =
    config.METRICS_PORT === undefined
      ? undefined
      : createServer((req, res) => {
          if (req.url === '/metrics') void services.metrics.serve(req, res, undefined);
          else res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        });
  const listen = (server: Server, port: number, host: string) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const port = await listen(http, config.PORT, config.HOST);
  const metricsPort = metricsServer && (await listen(metricsServer, config.METRICS_PORT!, config.METRICS_HOST));
  const url = `http://localhost:${port}`;
  logger.info({ url, ms: Date.now() - started }, 'Turnery is serving');

  let stopping: Promise<void> | undefined;
  return {
    url,
    port,
    metricsPort,
    http,
    databaseUrl: database.url,
    stop() {
      // Stop taking connections, let requests in flight finish, then close the database. Connections that stay
      // busy past the grace period are cut, so a stop always ends.
      // Readiness turns 503 first and, for STOP_DELAY_MS, requests are still served (a balancer takes a few
      // checks to notice); then the listener closes. Connections idle at that moment are closed once; every
      // later answer says Connection: close and its connection ends after it, never while a client may be
      // reusing it. Connections still busy after the grace period are cut, so a stop always ends.
      stopping ??= new Promise<void>((resolve) => {
        // From now on every answer closes its keep-alive connection (server/app.ts), so busy clients cannot hold
        // the server open.
        services.lifecycle.stopping = true;
        setTimeout(() => {
          const deadline = setTimeout(() => http.closeAllConnections(), STOP_GRACE_MS);
          http.close(() => {
            clearTimeout(deadline);
            resolve();
          });
          http.closeIdleConnections();
        }, config.STOP_DELAY_MS);
      })
        .then(() => new Promise((resolve) => (metricsServer ? metricsServer.close(resolve).closeAllConnections() : resolve(undefined))))
        .then(() => jobWorker.stop())
        .then(() => stopPaymentRecovery())
        .then(() => catalogChanges.stop())
        .then(() => database.close());
      return stopping;
    },
  };
}
