import { z } from 'zod';
import type { Request, Response } from 'express';

// The REST mirror's whole-list operations (docs/product.md's arrays: /orders, /contacts, /blog/all) answer one page at a
// time, as GitHub's API does, and the other lists do when asked (optionalPagingInput): the body stays the array
// docs/product.md documents; the total and the other pages' addresses travel in headers (X-Total-Count, Link with rel
// first/prev/next/last).

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

const page = z.number({ error: 'page must be a whole number from 1' }).int().min(1).max(100_000).describe('Which page, from 1');
const pageSize = z
  .number({ error: `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
  .int()
  .min(1)
  .max(MAX_PAGE_SIZE)
  .describe(`How many items a page holds, 1 to ${MAX_PAGE_SIZE}`);

/** A list always answered a page at a time (50 by default). */
export const listPagingInput = z.object({ page: page.default(1), pageSize: pageSize.default(DEFAULT_PAGE_SIZE) });

/**
 * A list answered whole unless a page is asked for (docs/product.md's public arrays, which the response cache keeps as one
 * answer): with `page` or `pageSize` (the other then defaults to 1 or 50), one page and the same headers.
 */
export const optionalPagingInput = z.object({
  page: page.describe('Which page, from 1 (1 when only pageSize is given; without either, the whole list)').optional(),
  pageSize: pageSize
    .describe(`How many items a page holds, 1 to ${MAX_PAGE_SIZE} (${DEFAULT_PAGE_SIZE} when only page is given)`)
    .optional(),
});

/** The page asked for, or undefined for the whole list. */
export function askedPage(input: { page?: number; pageSize?: number } | undefined): ListPaging | undefined {
  if (!input || (input.page === undefined && input.pageSize === undefined)) return undefined;
  return { page: input.page ?? 1, pageSize: input.pageSize ?? DEFAULT_PAGE_SIZE };
}

export type ListPaging = z.infer<typeof listPagingInput>;

export interface PageWindow {
  limit: number;
  offset: number;
}

/** `limit` and `offset` for the database. */
export const pageWindow = ({ page, pageSize }: ListPaging): PageWindow => ({ limit: pageSize, offset: (page - 1) * pageSize });

/** The total and the Link header of a page (only on the REST mirror: the browser's tRPC calls read no headers). */
export function sendPagingHeaders(ctx: { req: Request; res: Response }, paging: ListPaging, total: number) {
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
  parameters?: { name?: string; in?: string; schema?: { default?: unknown } }[];
  responses?: Record<string, { content?: Record<string, { schema?: { type?: string } }>; headers?: Record<string, unknown> }>;
}

/**
 * In the API document: every list answered a page at a time (page and pageSize in, an array out) names its headers,
 * always sent by a list that is always paged (its page has a default), only with a page asked for by the others.
 */
export function documentPagingHeaders(paths: Record<string, Record<string, DocumentedOperation>>) {
  for (const operations of Object.values(paths)) {
    const operation = operations.get;
    const query = (operation?.parameters ?? []).filter((parameter) => parameter.in === 'query');
    const page = query.find((parameter) => parameter.name === 'page');
    const ok = operation?.responses?.['200'];
    if (!ok || !page || !query.some((parameter) => parameter.name === 'pageSize')) continue;
    if (ok.content?.['application/json']?.schema?.type !== 'array') continue;
    const always = page.schema?.default !== undefined;
    const when = always ? '' : '. Sent only when page or pageSize is given: without them the answer is the whole list';
    ok.headers = {
      ...ok.headers,
      'X-Total-Count': {
        description: `How many items there are in all pages${when}`,
        required: always,
        schema: { type: 'integer', minimum: 0 },
      },
      Link: {
        description: `The addresses of the first, previous, next and last pages (RFC 8288; rel first, prev, next, last)${when}`,
        required: always,
        schema: { type: 'string', examples: ['</api/orders?page=2&pageSize=50>; rel="next"'] },
      },
    };
  }
}
