import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Mantine's core and the components nearly every storefront page renders, as one file instead of twenty tiny ones
// (each a request and a gzip dictionary of its own). Overlays, tables and charts stay split per screen; so do
// the core helpers only they use (keyboard handling, shadow DOM, focus return).
const MANTINE_STOREFRONT = new RegExp(
  String.raw`node_modules[\\/](clsx|@mantine[\\/]core[\\/]esm[\\/](core[\\/](?!utils[\\/](create-scoped-keydown-handler|find-element-in-shadow-dom|close-on-escape|get-single-element-child|find-element-ancestor|get-ref-prop|create-event-handler)[\\/])|components[\\/](Alert|Anchor|Badge|Button|Card|CloseButton|Container|Group|Image|List|Loader|Paper|SimpleGrid|Skeleton|Stack|Text|Title|Transition|UnstyledButton|VisuallyHidden)[\\/])|@mantine[\\/]hooks[\\/]esm[\\/](use-id|use-reduced-motion|use-isomorphic-effect|use-did-update)[\\/])`,
);
// The form fields of the shop's filters, the contact form and checkout, as one file.
const MANTINE_INPUTS = new RegExp(
  String.raw`node_modules[\\/]@mantine[\\/](core[\\/]esm[\\/]components[\\/](Input|InputBase|TextInput|NativeSelect|Combobox[\\/]ComboboxChevron)[\\/]|hooks[\\/]esm[\\/](use-merged-ref|use-uncontrolled)[\\/])`,
);

const SHARED_SMALL =
  /(server[\\/]domain[\\/](money|categories|product-id|ids|pages|site-pages)\.ts|src[\\/](features[\\/]catalog[\\/]shop-search|features[\\/]reviews[\\/]first-page|lib[\\/]trpc)\.ts)$/;

const serverPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  root: 'src',
  publicDir: '../public',
  plugins: [react()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    manifest: true,
    // Mantine's CSS is one file; keep the first page's JS small by letting routes split the rest.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // What every page loads anyway, as one file: fewer requests, and one gzip dictionary instead of twenty.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|@trpc|use-sync-external-store)[\\/]/,
              priority: 3,
            },
            { name: 'mantine', test: MANTINE_STOREFRONT, priority: 2 },
            { name: 'mantine-inputs', test: MANTINE_INPUTS, priority: 1 },
            // The small modules the entry loads for every page (the page table and its loaders' helpers, money,
            // categories, the tRPC client), as one file rather than six: the route table fits the first-page budget.
            { name: 'shared', test: SHARED_SMALL, priority: 0 },
          ],
        },
      },
    },
  },
  // `vite build` builds both: the browser's app (dist/client) and the server's renderer of the storefront's
  // pages (dist/ssr/entry-server.js, with the packages left to Node).
  builder: {},
  environments: {
    client: {},
    ssr: {
      // Self-contained, React's production build included: the server's NODE_ENV (a demo runs as development)
      // must not slow the renderer down, and no second copy of React may meet the bundled one.
      resolve: { noExternal: true },
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: '../dist/ssr',
        emptyOutDir: true,
        manifest: false,
        copyPublicDir: false,
        rolldownOptions: { input: 'entry-server.tsx' },
      },
    },
  },
  server: {
    port: Number(process.env.CLIENT_PORT ?? 5173),
    proxy: {
      '/api': `http://localhost:${serverPort}`,
      '/trpc': `http://localhost:${serverPort}`,
      '/uploads': `http://localhost:${serverPort}`,
      '/sitemap.xml': `http://localhost:${serverPort}`,
      '/robots.txt': `http://localhost:${serverPort}`,
    },
  },
});
