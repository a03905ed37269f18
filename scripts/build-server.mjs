// Bundles the server's own TypeScript into one ES module (dist/server/index.mjs) for `npm start`; packages
// stay in node_modules. Plain Node then loads it without tsx's loader, which cost about 0.6 s per start
// on this project's machine. Tests and `npm run dev` keep running the sources through tsx.

export const SERVER_BUNDLE = 'dist/server/index.mjs';

export async function buildServer() {
  // Loaded when building only: esbuild is a build tool, absent from a production install (`npm ci --omit=dev`).
  const { build } = await import('esbuild');
  await build({
    entryPoints: ['server/index.ts'],
    outfile: SERVER_BUNDLE,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Stack traces in logs point at the TypeScript sources.
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
