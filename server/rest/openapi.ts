import { generateOpenApiDocument } from 'trpc-to-openapi';
import { ResponseCache } from '../cache/response-cache';
import { uploadOpenApiPath } from '../modules/admin/uploads';
import { appRouter } from '../trpc/app-router';
import { documentPagingHeaders } from './list-paging';
import { applyErrors, errorSchema } from './openapi-errors';
import { documentOperationFailures } from './operation-failures';
import { applySecurity, securitySchemes } from './openapi-security';

let document: ReturnType<typeof generateOpenApiDocument> | undefined;

/** The OpenAPI 3 document of the REST mirror, generated once from the same procedures tRPC serves. */
export function openApiDocument() {
  document ??= generateOpenApiDocument(appRouter, {
    title: 'Turnery API',
    description: 'The REST mirror of the Turnery shop. Every path runs the same procedure as the web client.',
    version: '1.0.0',
    baseUrl: '/api',
  });
  document.paths = { ...document.paths, '/admin/uploads': uploadOpenApiPath } as typeof document.paths;
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
  document.components = { ...document.components, schemas: { ...schemas, Error: errorSchema }, securitySchemes };
  return document;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A plain, script-free page listing the mirror's operations, for people. */
export function openApiDocsHtml(): string {
  const doc = openApiDocument();
  const rows = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item ?? {}).map(([method, operation]) => {
      const op = operation as { summary?: string; security?: unknown[] };
      const admin = op.security && op.security.length > 0 ? ' <span class="admin">admin</span>' : '';
      return `<tr><td class="method">${method.toUpperCase()}</td><td><code>/api${escape(path)}</code>${admin}</td><td>${escape(op.summary ?? '')}</td></tr>`;
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Turnery API</title><style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#2b1d12}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e5d8c8;padding:.5rem;text-align:left;vertical-align:top}
.method{font-weight:700;color:#6b3e1d}.admin{font-size:.75rem;background:#f3e7d7;padding:0 .4rem;border-radius:4px}</style></head>
<body><h1>Turnery API</h1><p>${escape(doc.info.description ?? '')} The machine-readable document is at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>What it does</th></tr></thead><tbody>${rows.join('\n')}</tbody></table></body></html>`;
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
