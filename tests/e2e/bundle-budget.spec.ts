import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

// Reads the production build's manifest (test:e2e builds first). Sizes are deterministic, so these are real
// tests: a storefront page's first JavaScript stays small, and code only the owner or a payer needs stays out.
const dist = path.resolve('dist/client');
type Chunk = { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

const STOREFRONT_ROUTES = [
  'routes/home.tsx',
  'routes/shop.tsx',
  'routes/product.tsx',
  'routes/about.tsx',
  'routes/blog.tsx',
  'routes/blog-post.tsx',
  'routes/contact.tsx',
  'routes/commission.tsx',
  'routes/site-page.tsx',
];
// 150 KB until 2026-11-24, when the shop page (then 149.9 KB) took focus management, the route announcer and the
// canonical/noindex head tags (150.3 KB measured): 152 KB leaves room for that and little else. 153 KB since
// 2026-11-28, when options and variants (D38) gave the shop page its cards' 'from' price and 'Choose options' link,
// cart lines per variant and the product page's ?variant= in the router: 151.9 KB before, 152.2 KB after. 154 KB
// since 2026-11-28, when the admin's sections got addresses of their own (issue 45): the router's admin layout route
// and two admin pages, whose lazy imports name their chunks in the first script: 152.8 KB before, 153.3 KB after.
// The owner's shipping zones (D39) in the product's JSON-LD brought the 51 states, the sales rules and the delivery
// times to every page that shows the workshop's address (contact 152.4 -> 154.1 KB) until the product's data moved
// to a file of its own (src/lib/product-structured-data.ts): contact 152.6 KB, home 151.1, shop 153.7 (2026-11-28).
const BUDGET_BYTES = 154 * 1024;

/** The chunk and everything it imports statically: what the browser must load before the page shows. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
const gzipped = (key: string) => gzipSync(fs.readFileSync(path.join(dist, manifest[key]!.file))).length;
const text = (key: string) => fs.readFileSync(path.join(dist, manifest[key]!.file), 'utf8');

function initialChunks(route: string): Set<string> {
  const chunks = closure(entryKey);
  closure(route, chunks);
  return chunks;
}

for (const route of STOREFRONT_ROUTES) {
  test(`${route}: initial JavaScript at most 154 KB gzipped, with no admin, chart or card-form code`, () => {
    const chunks = initialChunks(route);
    const total = [...chunks].reduce((sum, key) => sum + gzipped(key), 0);
    expect(total, `${route} loads ${(total / 1024).toFixed(1)} KB gzipped`).toBeLessThanOrEqual(BUDGET_BYTES);
    for (const key of chunks) {
      const code = text(key);
      expect(code, `${key} holds admin code`).not.toContain('Checking authentication...');
      expect(code, `${key} holds chart code`).not.toContain('recharts-wrapper');
    }
  });
}

test('every storefront page is a chunk of its own', () => {
  for (const route of STOREFRONT_ROUTES) expect(manifest[route], route).toBeDefined();
});

test('admin screens are chunks of their own', () => {
  expect(manifest['routes/admin.tsx']?.isEntry).toBeFalsy();
  expect(closure(entryKey).has('routes/admin.tsx')).toBe(false);
  expect(closure(entryKey).has('routes/admin-login.tsx')).toBe(false);
  expect(closure(entryKey).has('features/admin/AdminShell.tsx')).toBe(false);
  // Each section of the admin's navigation loads when it is first opened.
  for (const section of ['orders/OrdersTab', 'products/ProductsTab', 'commissions/CommissionsTab', 'emails/EmailsTab']) {
    expect(manifest[`features/admin/${section}.tsx`]?.isDynamicEntry, section).toBe(true);
  }
});

test("a storefront page's first stylesheet is small and holds no admin-only component styles", () => {
  const css = (manifest[entryKey] as Chunk & { css?: string[] }).css ?? [];
  const text = css.map((file) => fs.readFileSync(path.join(dist, file), 'utf8')).join('\n');
  const size = gzipSync(text).length;
  // It blocks a phone's first paint: Mantine's whole stylesheet alone is 42 KB gzipped.
  expect(size, `${(size / 1024).toFixed(1)} KB gzipped`).toBeLessThanOrEqual(20 * 1024);
  expect(text, 'Tabs styles').not.toContain('.m_89d60db1');
  expect(text, 'Combobox styles').not.toContain('.m_88b62a41');
  // ...while the storefront's own components are styled.
  for (const component of ['Button', 'Card', 'Drawer', 'Notification']) {
    const firstClass = /\.m_[0-9a-f]+/.exec(fs.readFileSync(`node_modules/@mantine/core/styles/${component}.css`, 'utf8'))![0];
    expect(text, `${component} styles`).toContain(firstClass);
  }
});
