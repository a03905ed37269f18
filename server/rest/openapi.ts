import { generateOpenApiDocument } from 'trpc-to-openapi';
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
import { applySecurity, secureAdminOperation, securitySchemes } from './openapi-security';

let document: ReturnType<typeof generateOpenApiDocument> | undefined;

/** The OpenAPI 3 document of the REST mirror, generated once from the same procedures tRPC serves. */
export function openApiDocument() {
  if (document) return document;
  document = generateOpenApiDocument(appRouter, {
    title: 'Turnery API',
    description: API_INTRODUCTION,
    version: '1.0.0',
    baseUrl: '/api',
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
  applySecurity(appRouter, document.paths as Parameters<typeof applySecurity>[1]);
  documentOperationFailures(document.paths as Parameters<typeof documentOperationFailures>[0]);
  documentNotModified(document.paths as Record<string, Record<string, { responses?: Record<string, unknown> }>>);
  applyErrors(document.paths as Parameters<typeof applyErrors>[0]);
  documentPagingHeaders(document.paths as Parameters<typeof documentPagingHeaders>[0]);
  // The library's own per-code error schemas describe a body the shop never sends; `Error` replaces them.
  const schemas = Object.fromEntries(Object.entries(document.components?.schemas ?? {}).filter(([name]) => !name.startsWith('error.')));
  document.components = {
    ...document.components,
    schemas: { ...schemas, UploadedImage: uploadedImageSchema, Error: errorSchema },
    securitySchemes,
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
