import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { inferRouterOutputs } from '@trpc/server';
import type { RequestHandler } from 'express';
import type { AppRouter } from '../trpc/app-router';
import { findPage } from '../domain/page-addresses';
import type { CatalogChanges } from './catalog-changes';

interface Entry {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  gzipped?: Buffer;
  etag: string;
}

/** The procedures of the app router by module: `{ products: 'list' | 'byId' | ..., ... }`. */
type Procedures = { [M in keyof inferRouterOutputs<AppRouter>]?: readonly (keyof inferRouterOutputs<AppRouter>[M])[] };

// Public catalogue reads: the same answer for every visitor, changed only by writes to products, posts or the owner's
// pages (privacy, terms...). Named
// as the routers name them, so a renamed procedure fails the type check here. Admin lists (/api/blog/all) and
// anything session-dependent are deliberately absent.
const CATALOGUE_READS = {
  products: ['list', 'shopPage', 'featured', 'byId'],
  blog: ['list', 'byIdOrSlug'],
  pages: ['bySlug'],
  reviews: ['forProduct'],
} satisfies Procedures;
const TRPC_READS = `(${Object.entries(CATALOGUE_READS)
  .map(([module, names]) => `${module}\\.(${names.join('|')})`)
  .join('|')})`;
const CACHEABLE = [
  /^\/api\/products(\/featured|\/[^/]+(\/reviews)?)?$/,
  /^\/api\/blog(\/(?!all$)[^/]+)?$/,
  /^\/api\/pages\/[^/]+$/,
  new RegExp(`^/trpc/${TRPC_READS}(,${TRPC_READS})*$`),
];
const MAX_ENTRIES = 2000;
// Headers that belong to one response only, never replayed from the cache.
const OWN_HEADERS = new Set([
  'set-cookie',
  'date',
  'x-request-id',
  'content-length',
  'content-encoding',
  'etag',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

/**
 * Repeated catalogue reads and storefront pages answered from memory, by the first of the app's middlewares (so a
 * page is rendered and compressed once, not per request), with the same headers the app set when the answer was made, an ETag (304 when the
 * client has it) and gzip when accepted. Everything is dropped the moment the database says the catalogue
 * changed (CatalogChanges), and a read that started before a change is never stored.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  /** `enabled: false` (RESPONSE_CACHE=false) answers every read through the app, e.g. to measure that path. */
  constructor(
    private readonly changes: CatalogChanges,
    private readonly enabled = true,
  ) {
    changes.on('change', () => {
      this.generation += 1;
      this.entries.clear();
    });
  }

  /** Whether a GET of this /api path is kept (and so answers 304 to a matching If-None-Match). */
  static keepsApiPath(path: string): boolean {
    return CACHEABLE.some((pattern) => pattern.test(path));
  }

  private static cacheable(req: IncomingMessage): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const path = (req.url ?? '').split('?')[0]!;
    return CACHEABLE.some((pattern) => pattern.test(path)) || ResponseCache.isPage(path);
  }

  /** A storefront page rendered on the server (server/domain/pages.ts): its HTML changes with the catalogue only. */
  private static isPage(path: string): boolean {
    return findPage(path)?.page.render === 'server';
  }

  /** Pages and API answers are the same at any address (links use PUBLIC_URL, never the Host header: D27). */
  private static key(req: IncomingMessage): string {
    return req.url ?? '';
  }

  /** Answers from the cache when it can; returns false to let the app answer. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.enabled || !this.changes.live || !ResponseCache.cacheable(req)) return false;
    const entry = this.entries.get(ResponseCache.key(req));
    if (!entry) return false;
    res.setHeaders(new Map(Object.entries(entry.headers) as [string, string][]));
    res.setHeader('ETag', entry.etag);
    if (req.headers['if-none-match'] === entry.etag) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    let body = entry.body;
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && body.length > 1024) {
      entry.gzipped ??= gzipSync(body);
      body = entry.gzipped;
      res.setHeader('Content-Encoding', 'gzip');
    }
    res.setHeader('Content-Length', body.length);
    res.statusCode = 200;
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }

  /** Express middleware that answers a kept read (serve), calling `hit` for each; anything else goes on. */
  serveKept(hit: () => void): RequestHandler {
    return (req, res, next) => {
      if (!this.serve(req, res)) return next();
      hit();
    };
  }

  /** Express middleware (after compression, so it sees plain bytes) that keeps successful catalogue answers. */
  capture(): RequestHandler {
    return (req, res, next) => {
      if (!this.enabled || !ResponseCache.cacheable(req)) return next();
      // Revalidate every time: the ETag makes that a 304 with no body.
      res.setHeader('Cache-Control', 'no-cache');
      const key = ResponseCache.key(req);
      const startedAt = this.generation;
      const chunks: Buffer[] = [];
      const write = res.write.bind(res);
      const end = res.end.bind(res);
      res.write = ((chunk: unknown, ...rest: never[]) => {
        if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as Buffer));
        return write(chunk, ...rest);
      }) as typeof res.write;
      res.end = ((chunk?: unknown, ...rest: never[]) => {
        if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as Buffer));
        const type = String(res.getHeader('Content-Type') ?? '');
        const kept = type.includes('json') || (type.startsWith('text/html') && ResponseCache.isPage(req.path));
        if (req.method === 'GET' && res.statusCode === 200 && kept && this.changes.live && this.generation === startedAt) {
          const body = Buffer.concat(chunks);
          const headers = Object.fromEntries(Object.entries(res.getHeaders()).filter(([name]) => !OWN_HEADERS.has(name)));
          const entry: Entry = { headers, body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
          if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
          this.entries.set(key, entry);
          if (!res.headersSent) res.setHeader('ETag', entry.etag);
        }
        return end(chunk as Buffer, ...rest);
      }) as typeof res.end;
      next();
    };
  }
}
