import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { QueryClient } from '@tanstack/react-query';
import type { RenderedPage } from '../../src/entry-server';
import type { PageData } from '../../src/lib/page-data';
import type { CatalogChanges } from '../cache/catalog-changes';
import { CLIENT_SECTIONS } from '../domain/page-addresses';
import type { Logger } from '../logger';

type RenderModule = typeof import('../../src/entry-server');

/** Pages whose content belongs to one visitor (a session, the cart, a link's token): the browser draws them. */
const CLIENT_ONLY = new RegExp(`^/(${CLIENT_SECTIONS.join('|')})(/|$)`);

/** The most pages kept at once: a real shop's pages and searches fit; endless made-up search texts do not grow it. */
const MAX_PAGES = 2000;

/**
 * The storefront's pages rendered to HTML on the server (src/entry-server.tsx, built into dist/ssr), so a
 * phone paints the page from the first response instead of after its JavaScript has run and fetched the data.
 * Rendered pages are kept until the catalogue or the blog changes (CatalogChanges, as ResponseCache); a render
 * that started before a change is not kept. Without the built renderer, or when a page cannot be rendered, the
 * answer is undefined and the browser renders the page itself, as before.
 */
export class PageRenderer {
  private readonly pages = new Map<string, Promise<RenderedPage | undefined>>();
  private generation = 0;
  private staleWarned = false;
  private module: { mtimeMs: number; render: Promise<RenderModule | undefined> } | undefined;

  constructor(
    private readonly ssrDir: string,
    private readonly logger: Logger,
    private readonly changes?: CatalogChanges,
  ) {
    changes?.on('change', () => {
      this.generation += 1;
      this.pages.clear();
    });
  }

  static renders(pathname: string): boolean {
    return !CLIENT_ONLY.test(pathname);
  }

  /** The page at `url` (path and query), or undefined when the browser should render it. */
  async render(url: string, origin: string, pageData: (queryClient: QueryClient) => PageData): Promise<RenderedPage | undefined> {
    const renderer = await this.renderer();
    if (!renderer) return undefined;
    const key = `${origin}${url}`;
    const cached = this.changes?.live ? this.pages.get(key) : undefined;
    if (cached) return cached;
    const startedAt = this.generation;
    const page = renderer.renderPage(url, { origin, pageData }).catch((error: unknown) => {
      this.logger.error({ err: error, url }, 'could not render a page on the server; the browser renders it');
      return undefined;
    });
    if (this.changes?.live) {
      if (this.pages.size >= MAX_PAGES) this.pages.clear();
      this.pages.set(key, page);
      // Not kept when it failed, or when the catalogue changed while it rendered.
      void page.then((done) => {
        // (Only this render's entry: after a change the key may already hold a newer render.)
        if ((!done || this.generation !== startedAt) && this.pages.get(key) === page) this.pages.delete(key);
      });
    }
    return page;
  }

  /**
   * The built renderer, loaded on first use. A build made while the server runs is not loaded (its chunks
   * would import a second copy of the first one's modules): until a restart, the browser renders every page,
   * so no page is rendered with code other than the browser's.
   */
  private renderer(): Promise<RenderModule | undefined> {
    const file = path.join(this.ssrDir, 'entry-server.js');
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return Promise.resolve(undefined);
    this.module ??= {
      mtimeMs: stat.mtimeMs,
      render: (import(pathToFileURL(file).href) as Promise<RenderModule>).catch((error: unknown) => {
        this.logger.error({ err: error }, 'could not load the page renderer; the browser renders every page');
        return undefined;
      }),
    };
    if (this.module.mtimeMs !== stat.mtimeMs) {
      if (!this.staleWarned) this.logger.warn('the client was rebuilt: restart the server to render pages on the server again');
      this.staleWarned = true;
      return Promise.resolve(undefined);
    }
    return this.module.render;
  }
}

const SCRIPT_TAGS = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;

/** The page's HTML: the shell with the rendered app, its data block and its own title and description. */
export function withRenderedPage(html: string, page: RenderedPage): string {
  // Replacements as functions: a page's text may hold '$' (prices), which a replacement string would interpret.
  let out = html;
  if (page.head) {
    out = out.replace(/<title>[^<]*<\/title>/, '').replace(/<meta name="description"[^>]*>/, '');
    out = out.replace('</head>', () => `${page.head}</head>`);
  }
  // The page shows without its scripts, so they need not compete with its stylesheets and pictures: they are
  // named last (a browser opens only a few connections at once) and fetched at low priority.
  const scripts: string[] = [];
  out = out.replace(SCRIPT_TAGS, (tag) => {
    scripts.push(tag.replace(/^<(script|link)/, '<$1 fetchpriority="low"'));
    return '';
  });
  return out
    .replace('<div id="root"></div>', () => `<div id="root">${page.body}</div>`)
    .replace('</body>', () => `${page.state}${scripts.join('')}</body>`);
}
