import fs from 'node:fs';
import path from 'node:path';

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, Chunk>;

// The storefront paths of src/router.tsx and the chunk each one loads. Without a hint the browser finds the
// page's chunk only after the entry has downloaded and run: one more round trip before anything shows.
const ROUTE_CHUNKS: [RegExp, string][] = [
  [/^\/$/, 'routes/home.tsx'],
  [/^\/shop\/?$/, 'routes/shop.tsx'],
  [/^\/product\/[^/]+\/?$/, 'routes/product.tsx'],
  [/^\/about\/?$/, 'routes/about.tsx'],
  [/^\/blog\/?$/, 'routes/blog.tsx'],
  [/^\/blog\/[^/]+\/?$/, 'routes/blog-post.tsx'],
  [/^\/contact\/?$/, 'routes/contact.tsx'],
];

// Home's largest paint is the hero picture, which its <img> would only request once the page has rendered.
const HERO = '<link rel="preload" as="image" href="/images/hero.svg" fetchpriority="high">';

function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/**
 * The `<link>` hints for a path's page: its chunks and their CSS beyond the entry's (which Vite's HTML already
 * names). A page rendered on the server gets its CSS as stylesheets: its HTML shows before any script has run,
 * and must show styled (Vite's loader then finds the sheets in place and does not add them again).
 */
export function pagePreloads(manifest: Manifest, pathname: string, serverRendered = false): string {
  const route = ROUTE_CHUNKS.find(([pattern]) => pattern.test(pathname))?.[1];
  if (!route || !manifest[route]) return '';
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const loaded = entry ? closure(manifest, entry) : new Set<string>();
  const chunks = [...closure(manifest, route)].filter((key) => !loaded.has(key)).map((key) => manifest[key]!);
  const links = [
    ...chunks.flatMap((chunk) =>
      (chunk.css ?? []).map((file) =>
        serverRendered
          ? `<link rel="stylesheet" crossorigin href="/${file}">`
          : `<link rel="preload" as="style" crossorigin href="/${file}">`,
      ),
    ),
    ...chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`),
  ];
  return (route === 'routes/home.tsx' ? [HERO, ...links] : links).join('');
}

/** Reads the build's manifest; none (a client not built with `manifest: true`) means no hints. */
export function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, '.vite/manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : {};
}
