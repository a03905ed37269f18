import { z } from 'zod';
import type { Context } from '../trpc/context';

// The REST mirror's whole-list operations (SPEC.md's arrays: /orders, /contacts, /blog/all) answer one page at a
// time, as GitHub's API does: the body stays the array SPEC.md documents; the total and the other pages' addresses
// travel in headers (X-Total-Count, Link with rel first/prev/next/last).

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export const listPagingInput = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number({ error: `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE),
});

export type ListPaging = z.infer<typeof listPagingInput>;

/** `limit` and `offset` for the database. */
export const pageWindow = ({ page, pageSize }: ListPaging) => ({ limit: pageSize, offset: (page - 1) * pageSize });

/** The total and the Link header of a page (only on the REST mirror: the browser's tRPC calls read no headers). */
export function sendPagingHeaders(ctx: Pick<Context, 'req' | 'res'>, paging: ListPaging, total: number) {
  const asked = ctx.req.originalUrl;
  if (!asked?.startsWith('/api/') || ctx.res.headersSent) return;
  const lastPage = Math.max(1, Math.ceil(total / paging.pageSize));
  const url = new URL(asked, 'http://shop.invalid');
  url.searchParams.delete('page');
  url.searchParams.delete('pageSize');
  // Other query values are kept, in front; the page and its size always come last, in this order.
  const kept = url.searchParams.toString();
  const address = (page: number) => `${url.pathname}?${kept ? `${kept}&` : ''}page=${page}&pageSize=${paging.pageSize}`;
  const links = [`<${address(1)}>; rel="first"`];
  if (paging.page > 1) links.push(`<${address(Math.min(paging.page - 1, lastPage))}>; rel="prev"`);
  if (paging.page < lastPage) links.push(`<${address(paging.page + 1)}>; rel="next"`);
  links.push(`<${address(lastPage)}>; rel="last"`);
  ctx.res.setHeader('X-Total-Count', String(total));
  ctx.res.setHeader('Link', links.join(', '));
}

interface DocumentedOperation {
  parameters?: { name?: string; in?: string }[];
  responses?: Record<string, { content?: Record<string, { schema?: { type?: string } }>; headers?: Record<string, unknown> }>;
}

/** In the API document: every list answered a page at a time (page and pageSize in, an array out) names its headers. */
export function documentPagingHeaders(paths: Record<string, Record<string, DocumentedOperation>>) {
  for (const operations of Object.values(paths)) {
    const operation = operations.get;
    const names = new Set((operation?.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name));
    const ok = operation?.responses?.['200'];
    if (!ok || !names.has('page') || !names.has('pageSize') || ok.content?.['application/json']?.schema?.type !== 'array') continue;
    ok.headers = {
      ...ok.headers,
      'X-Total-Count': { description: 'How many items there are in all pages', schema: { type: 'integer', minimum: 0 } },
      Link: {
        description: 'The addresses of the first, previous, next and last pages (RFC 8288; rel first, prev, next, last)',
        schema: { type: 'string', example: '</api/orders?page=2&pageSize=50>; rel="next"' },
      },
    };
  }
}
