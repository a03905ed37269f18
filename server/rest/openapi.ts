import { createDocument } from 'zod-openapi';
import { ResponseCache } from '../cache/response-cache';
import { API_INTRODUCTION } from './api-introduction';
import { commissionPhotoOperation, reviewPhotoOperation, uploadedImageSchema, uploadOperation } from '../http/uploads';
import { ordersCsvOperation } from '../http/orders-csv';
import { newsletterCsvOperation } from '../http/newsletter-csv';
import { appRouter } from '../trpc/app-router';
import { documentPagingHeaders } from '../contract/list-paging';
import { nameRequestBodies } from './openapi-bodies';
import { applyErrors, errorSchema } from './openapi-errors';
import { documentOperationFailures } from './operation-failures';
import { secureAdminOperation, securitySchemes } from './openapi-security';
import { restPaths } from './openapi-paths';

let document: ReturnType<typeof createDocument> | undefined;

/**
 * The OpenAPI 3 document of the REST mirror, generated once from the same procedures tRPC serves: each one's
 * operation built from its public meta (openapi-paths.ts), rendered by zod-openapi.
 */
export function openApiDocument() {
  if (document) return document;
  document = createDocument({
    openapi: '3.1.0',
    info: { title: 'Turnery API', description: API_INTRODUCTION, version: '1.0.0' },
    servers: [{ url: '/api' }],
    paths: restPaths(appRouter),
    components: { securitySchemes },
  });
  document.components ??= {};
  nameRequestBodies(appRouter, document.paths as Parameters<typeof nameRequestBodies>[1], (document.components.schemas ??= {}));
  document.paths = {
    ...document.paths,
    // The administrator's express routes beside the procedures: the session cookie or an API token.
    '/admin/uploads': { post: secureAdminOperation(uploadOperation, 'POST', { tokens: true }) },
    '/admin/orders.csv': { get: secureAdminOperation(ordersCsvOperation, 'GET', { tokens: true }) },
    '/admin/newsletter/subscribers.csv': { get: secureAdminOperation(newsletterCsvOperation, 'GET', { tokens: true }) },
    // A buyer's reference photo: anyone, counted per client.
    '/commissions/photos': { post: commissionPhotoOperation },
    // A review's photo: a buyer with the review's live link (D37).
    '/reviews/photos': { post: reviewPhotoOperation },
  } as typeof document.paths;
  // The shop's own code, not published for reuse (SPDX: no licence granted).
  document.info.license = {
    name: 'Proprietary: the Turnery workshop',
    identifier: 'LicenseRef-Proprietary',
  };
  documentOperationFailures(document.paths as Parameters<typeof documentOperationFailures>[0]);
  documentNotModified(document.paths as Record<string, Record<string, { responses?: Record<string, unknown> }>>);
  applyErrors(document.paths as Parameters<typeof applyErrors>[0]);
  documentPagingHeaders(document.paths as Parameters<typeof documentPagingHeaders>[0]);
  document.components = {
    ...document.components,
    schemas: { ...document.components.schemas, UploadedImage: uploadedImageSchema, Error: errorSchema },
  };
  return document;
}

/** Catalogue reads kept by the response cache answer 304 to a matching If-None-Match (their 200 carries an ETag). */
function documentNotModified(paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>) {
  for (const [path, operations] of Object.entries(paths)) {
    const read = operations.get;
    if (!read || !ResponseCache.keepsApiPath(`/api${path.replace(/\{[^}]+\}/g, 'x')}`)) continue;
    read.responses = {
      ...read.responses,
      304: { description: 'Not modified: the answer is still the one of the ETag sent in If-None-Match' },
    };
  }
}
