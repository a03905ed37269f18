// Renders a storefront page to HTML on the server (built by Vite into dist/ssr, loaded by server/http/page-renderer.ts).
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { prerenderToNodeStream } from 'react-dom/static';
import { AppShell } from './app-shell';
import { OriginContext } from './lib/origin';
import type { PageData } from './lib/page-data';
import { NOINDEX, PageMetaCollector, pageMetaTags, type PageMeta } from './lib/page-meta';
import { makeQueryClient } from './lib/query-client';
import { serverStateScript } from './lib/server-state';
import { makeRouter } from './router';

export interface RenderedPage {
  status: 200 | 404;
  /** Not rendered here (the browser draws it), but answered with this status and head: a missing product or post. */
  shellOnly?: boolean;
  /** Title, description and Open Graph tags for the head. */
  head: string;
  /** The app's HTML, for inside `<div id="root">`. */
  body: string;
  /** The data block the browser fills its query cache from (before `</body>`). */
  state: string;
}

/**
 * The page at `url` as HTML, with the data it was rendered with; undefined when the page cannot be rendered
 * as its visitor would see it (a query failed, the route threw): the browser then renders it itself.
 */
export async function renderPage(
  url: string,
  options: { origin: string; pageData(queryClient: QueryClient): PageData },
): Promise<RenderedPage | undefined> {
  const queryClient = makeQueryClient();
  const data = options.pageData(queryClient);
  const router = makeRouter(
    { queryClient, loadData: (start) => start(data) },
    // Scroll restoration would render an inline script, which the content security policy forbids.
    { history: createMemoryHistory({ initialEntries: [url] }), scrollRestoration: false },
  );
  await router.load();
  const matches = router.state.matches;
  if (matches.some((match) => match.status === 'error' || match.status === 'pending')) return undefined;
  const queries = queryClient.getQueryCache().getAll();
  const failed = queries.filter((query) => query.state.status !== 'success');
  // A product or post that does not exist (or is a draft): a real 404 that search engines drop; the browser
  // draws docs/product.md's 'not found' text, as it draws any page whose data did not load here.
  if (failed.length > 0 && failed.every((query) => isNotFound(query.state.error))) {
    return { status: 404, shellOnly: true, head: NOINDEX, body: '', state: '' };
  }
  if (failed.length > 0) return undefined;
  // The server's load does not fetch the routes' code (a streaming server would wait for it while rendering).
  await Promise.all(
    matches.map(
      (match) =>
        (router.routesById[match.routeId].options.component as { preload?: () => Promise<void> } | undefined)?.preload?.() ??
        Promise.resolve(),
    ),
  );

  let meta: PageMeta | undefined;
  const page = (
    <OriginContext.Provider value={options.origin}>
      <PageMetaCollector.Provider value={(collected) => void (meta = collected)}>
        <AppShell router={router} queryClient={queryClient} />
      </PageMetaCollector.Provider>
    </OriginContext.Provider>
  );
  // A lazily loaded part (the newsletter form, the toasts' host) not yet loaded in this process makes React send
  // it after the rest, placed by an inline script, which the content security policy forbids (and which would
  // need JavaScript to show the page). The first render loads every such part, so a second one has them in place.
  let body = await prerender(page);
  if (body.includes(STREAMED_PART)) body = await prerender(page);
  if (body.includes(STREAMED_PART)) return undefined;
  return {
    status: meta?.notFound || matches.some((match) => match._notFound || match.status === 'notFound') ? 404 : 200,
    head: meta ? pageMetaTags(meta, options.origin, new URL(url, options.origin).pathname) : '',
    body,
    state: serverStateScript(dehydrate(queryClient)),
  };
}

const STREAMED_PART = '<template id="';

/** The server-side call's error for a missing resource (tRPC's NOT_FOUND). */
function isNotFound(error: unknown): boolean {
  const failure = error as { code?: unknown; data?: { code?: unknown } } | null;
  return failure?.code === 'NOT_FOUND' || failure?.data?.code === 'NOT_FOUND';
}

async function prerender(element: React.ReactNode): Promise<string> {
  // A page is sent whole: no part of it is held back to be placed later by a script, however large.
  const { prelude } = await prerenderToNodeStream(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  // Decoded as one stream: a character may be split between two chunks.
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of prelude as AsyncIterable<Uint8Array>) html += decoder.decode(chunk, { stream: true });
  return html + decoder.decode();
}
