import fs from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import type { RenderedPage } from '../../src/entry-server';
import type { PageImages } from './page-images';
import { pagePreloads, readManifest } from './page-preloads';
import { withRenderedPage } from './page-renderer';

export interface ClientPages {
  /** Preload hints for the first pictures of storefront pages. */
  pageImages?: PageImages;
  /** The page rendered on the server, or undefined for the browser to render it. */
  renderPage?: (req: express.Request, res: express.Response) => Promise<RenderedPage | undefined>;
  /** HTML shown at the top of every page, outside the app (a staging shop's banner); empty for none. */
  banner?: string;
}

/**
 * Serves the built client: hashed assets cached for a year, HTML never cached, and index.html for every
 * other GET, so that client routes survive a reload; storefront pages come with their content rendered on
 * the server (and a 404 status for a path no route matches).
 */
export function staticClient(distDir: string, { pageImages, renderPage, banner = '' }: ClientPages = {}): Router {
  const client = express.Router();
  const indexFile = path.join(distDir, 'index.html');
  client.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }),
  );
  client.use(
    express.static(distDir, {
      index: false,
      maxAge: '1d',
      setHeaders: (res, file) => {
        if (file.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );
  client.get(/.*/, async (req, res, next) => {
    const build = currentBuild(distDir, indexFile);
    if (!build) return next();
    const [images, page] = await Promise.all([pageImages ? pageImages.links(req.path, req.query) : '', renderPage?.(req, res)]);
    const rendered = page && !page.shellOnly ? page : undefined;
    const html = pageHtml(build, req.path, rendered !== undefined)
      .replace('</head>', `${images}${page?.shellOnly ? page.head : ''}</head>`)
      .replace('<body>', () => `<body>${banner}`);
    res.setHeader('Cache-Control', 'no-cache');
    res
      .status(page?.status ?? 200)
      .type('html')
      .send(rendered ? withRenderedPage(html, rendered) : html);
  });
  return client;
}

interface Build {
  mtimeMs: number;
  html: string;
  manifest: ReturnType<typeof readManifest>;
  /** The HTML per path, hints included: computed once per path and build. */
  pages: Map<string, string>;
}

const builds = new Map<string, Build>();

/** index.html and the manifest, read again only when a new build has replaced them. */
function currentBuild(distDir: string, indexFile: string): Build | undefined {
  const stat = fs.statSync(indexFile, { throwIfNoEntry: false });
  if (!stat) return undefined;
  let build = builds.get(indexFile);
  if (build?.mtimeMs !== stat.mtimeMs) {
    build = { mtimeMs: stat.mtimeMs, html: fs.readFileSync(indexFile, 'utf8'), manifest: readManifest(distDir), pages: new Map() };
    builds.set(indexFile, build);
  }
  return build;
}

// Client paths are many (every product), but the hints depend only on which route a path matches, so the
// cache is bounded by clearing it when it grows past any real shop's page count.
function pageHtml(build: Build, pathname: string, serverRendered: boolean): string {
  const key = `${serverRendered ? 'rendered' : 'shell'}:${pathname}`;
  let html = build.pages.get(key);
  if (html === undefined) {
    if (build.pages.size > 5000) build.pages.clear();
    html = build.html.replace('</head>', `${pagePreloads(build.manifest, pathname, serverRendered)}</head>`);
    build.pages.set(key, html);
  }
  return html;
}
