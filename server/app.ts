import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import compression from 'compression';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { createServerSideHelpers } from '@trpc/react-query/server';
import type { ResponseCache } from './cache/response-cache';
import type { Config } from './config';
import { clientKey } from './http/client-key';
import { apiNotFound, jsonErrorHandler } from './http/errors';
import { jsonBody } from './http/json-body';
import { requestLog } from './http/request-log';
import { securityHeaders } from './http/security-headers';
import { seoRoutes } from './http/seo';
import { socialImageRoutes } from './http/social-images';
import { requestHygiene } from './http/request-hygiene';
import { sameOriginWrites } from './http/same-origin';
import { sessionCookie } from './http/session-cookie';
import type { PageImages } from './http/page-images';
import { PageRenderer } from './http/page-renderer';
import { publicOrigin } from './contract/public-origin';
import { stagingBanner } from './http/staging-banner';
import { staticClient } from './http/static-client';
import type { Logger } from './logger';
import { projectRoot } from './paths';
import { uploadedFiles, uploadRoutes } from './http/uploads';
import { ordersCsvRoute } from './http/orders-csv';
import { newsletterCsvRoute } from './http/newsletter-csv';
import { oneClickUnsubscribe } from './http/one-click-unsubscribe';
import { restAdapter } from './rest/rest-adapter';
import { apiDocsRoutes } from './rest/api-docs';
import { openApiDocument } from './rest/openapi';
import type { AppServices } from './contract/app-services';
import { appRouter } from './trpc/app-router';
import type { createContextFactory } from './trpc/context';
import { createCallerFactory } from './trpc/init';
import { logProcedureErrors } from './trpc/procedure-errors';

export interface AppDeps {
  orm: MikroORM;
  config: Config;
  services: AppServices;
  logger: Logger;
  responseCache: ResponseCache;
  /** Preload hints for the first pictures of storefront pages (absent: no such hints). */
  pageImages?: PageImages;
  /** Storefront pages rendered on the server (absent: the browser renders every page). */
  pageRenderer?: PageRenderer;
  /** The built client; tests of the API alone may run without one. */
  clientDir?: string;
  /** Each call's context, on /trpc and on the REST mirror. */
  createContext: ReturnType<typeof createContextFactory>;
}

export function createApp(deps: AppDeps) {
  const { config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  const { services } = deps;
  // While the instance is stopping, each answer closes its keep-alive connection, so busy clients cannot hold it open.
  app.use((_req, res, next) => {
    if (services.lifecycle.stopping) res.setHeader('Connection', 'close');
    next();
  });
  // Prometheus's scraper on the shop's port, with its bearer token (METRICS_TOKEN); not logged as a request.
  const metricsToken = config.METRICS_TOKEN;
  if (metricsToken) app.get('/metrics', (req, res) => void services.metrics.serve(req, res, metricsToken));
  app.use(requestLog(logger, services.metrics));
  // A kept catalogue read or page is answered here, with the headers the app set when it was made.
  app.use(deps.responseCache.serveKept(() => services.metrics.cacheHit()));
  app.use(securityHeaders(config));
  // Reads only: answers to writes (a quote, an order, tax) are small JSON, and wrapping them cost about a quarter
  // of a tax call's CPU (profiled). Catalogue reads and pages that are kept are compressed once (ResponseCache).
  const compress = compression();
  app.use((req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? compress(req, res, next) : next()));
  app.use(sessionCookie(config));

  app.use(deps.responseCache.capture());
  oneClickUnsubscribe(app, { orm: deps.orm, services: deps.services });
  app.use(['/api', '/trpc'], requestHygiene, sameOriginWrites(config));

  const { createContext } = deps;
  const onError = logProcedureErrors(logger);
  const rest = restAdapter({
    router: appRouter,
    createCaller: createCallerFactory(appRouter),
    createContext,
    onError,
    refusal: (limit, req) => services.rateLimits.refusal(limit, clientKey(req, services.forwarding)),
  });
  // /api first of the three prefixes, and its documented operations first within it (no other /api route shares
  // their paths): each router and middleware passed on the way allocates and checks, and express's routing was
  // about a tenth of a tax call's CPU (profiled).
  const api = express.Router();
  api.use(rest.route, operationsOnly(bodylessWritesAsJson), operationsOnly(jsonBody({ strict: false })), rest.answer);
  api.get('/openapi.json', (_req, res) => void res.json(openApiDocument()));
  api.use(apiDocsRoutes());
  api.use(uploadRoutes({ orm: deps.orm, services: deps.services }));
  api.use(ordersCsvRoute({ orm: deps.orm, services: deps.services }));
  api.use(newsletterCsvRoute({ orm: deps.orm, services: deps.services }));
  // Any other /api request's JSON body is read (a malformed one is a 400) before the 404, as an operation's is.
  api.use(bodylessWritesAsJson, jsonBody({ strict: false }));
  api.use(apiNotFound);
  app.use('/api', api);
  app.use('/uploads', uploadedFiles(deps.orm));
  app.use('/trpc', jsonBody(), createExpressMiddleware({ router: appRouter, createContext, onError }));

  app.use(seoRoutes(deps.orm, config));
  const clientDir = deps.clientDir ?? path.join(projectRoot, 'dist/client');
  // The built client's copy of public/, or public/ itself when the client is not built (API-only runs).
  app.use(socialImageRoutes([clientDir, path.join(projectRoot, 'public')]));
  const { pageRenderer } = deps;
  const renderPage = pageRenderer
    ? (req: Request, res: Response) =>
        PageRenderer.renders(req.path)
          ? pageRenderer.render(req.originalUrl, publicOrigin({ config, req }), (queryClient) =>
              createServerSideHelpers({ router: appRouter, ctx: createContext({ req, res }), queryClient }),
            )
          : Promise.resolve(undefined)
    : undefined;
  app.use(staticClient(clientDir, { pageImages: deps.pageImages, renderPage, banner: stagingBanner(config) }));
  // Only when the client is not built (API-only runs): a plain 404 that keeps the app's security headers.
  app.use((_req, res) => void res.status(404).type('text').send('Not found (the client is not built: npx vite build)'));
  app.use(jsonErrorHandler(logger));
  return app;
}

/** A middleware run for the REST mirror's documented operations only (rest.route found one); others go on. */
function operationsOnly(handler: RequestHandler): RequestHandler {
  return (req, res, next) => (res.locals.operation === undefined ? next() : handler(req, res, next));
}

/**
 * docs/product.md section 7: a client sets a JSON content type only when it sends a body, so a POST with no body
 * (logout) arrives with none. Treat an empty write as an empty JSON body instead of refusing it (D3).
 */
const bodylessWritesAsJson: RequestHandler = (req, _res, next) => {
  const empty = !req.headers['transfer-encoding'] && (req.headers['content-length'] ?? '0') === '0';
  if (req.method !== 'GET' && !req.headers['content-type'] && empty) {
    req.headers['content-type'] = 'application/json';
    req.body = undefined;
  }
  next();
};
