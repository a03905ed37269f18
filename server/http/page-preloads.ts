import fs from 'node:fs';
import path from 'node:path';
import { findPage } from '../domain/page-addresses';

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, Chunk>;

function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/**
 * The `<link>` hints for a storefront page (server/domain/pages.ts): its chunks and their CSS beyond the entry's
 * (which Vite's HTML already names), and the pictures it always shows first. Without them the browser finds the
 * page's chunk only after the entry has downloaded and run: one more round trip before anything shows. A page
 * rendered on the server gets its CSS as stylesheets: its HTML shows before any script has run, and must show
 * styled (Vite's loader then finds the sheets in place and does not add them again).
 */
export function pagePreloads(manifest: Manifest, pathname: string, serverRendered = false): string {
  const page = findPage(pathname)?.page;
  if (page?.render !== 'server') return '';
  const route = `routes/${page.file}.tsx`;
  if (!manifest[route]) return '';
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
  // A picture its <img> would only request once the page has rendered (Home's hero: its largest paint).
  const files = page.images && 'files' in page.images ? page.images.files : [];
  const pictures = files.map(
    (file, index) => `<link rel="preload" as="image" href="${file}"${index === 0 ? ' fetchpriority="high"' : ''}>`,
  );
  return [...pictures, ...links].join('');
}

/** Reads the build's manifest; none (a client not built with `manifest: true`) means no hints. */
export function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, '.vite/manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : {};
}
