import { PAGES, type Page } from './pages';

// Reading addresses against server/domain/pages.ts, for the server (the client's router matches them itself).

// `/product/$id` matches `/product/12` and `/product/12/`; `/` matches only itself.
const pattern = (path: string) => new RegExp(path === '/' ? '^/$' : `^${path.replace(/\/\$[^/]+/g, '/([^/]+)')}/?$`);
const MATCHERS: { page: Page; pattern: RegExp }[] = PAGES.map((page) => ({ page, pattern: pattern(page.path) }));

/** The page at `pathname` and its parameters as they are in the address, or undefined when no page has it. */
export function findPage(pathname: string): { page: Page; params: string[] } | undefined {
  for (const { page, pattern } of MATCHERS) {
    const match = pattern.exec(pathname);
    if (match) return { page, params: match.slice(1) };
  }
  return undefined;
}

/** The first segments of the browser's own pages: everything under them is drawn by the browser too. */
export const CLIENT_SECTIONS: readonly string[] = [
  ...new Set(PAGES.filter((page) => page.render === 'client').map((page) => page.path.split('/')[1]!)),
];
