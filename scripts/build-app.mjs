// Builds what `npm start` serves, where missing or older than its sources: the client with its server renderer
// (dist/client, dist/ssr) and the server bundle (dist/server). `npm start` and the browser tests call it; run alone,
// `node scripts/build-app.mjs`. A built tree installed with `npm ci --omit=dev` has no build tools: it runs what it has,
// and says so when that is missing or out of date (docs/deployment.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, SERVER_BUNDLE } from './build-server.mjs';

const CLIENT_SOURCES = ['src', 'public', 'server/domain', 'index.html', 'vite.config.ts'];
const SERVER_SOURCES = ['server', 'migrations'];

function newestMtime(file) {
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(file).map((entry) => newestMtime(path.join(file, entry))));
}

// Sources a built tree may lack count as unchanged.
const outdated = (file, sources) =>
  !fs.existsSync(file) || fs.statSync(file).mtimeMs < Math.max(0, ...sources.filter((source) => fs.existsSync(source)).map(newestMtime));

export async function buildIfOutdated() {
  const canBuild = fs.existsSync('node_modules/vite') && fs.existsSync('node_modules/esbuild');
  function needBuild(what, outdatedNow) {
    if (!outdatedNow) return false;
    if (canBuild) return true;
    console.error(`${what} is missing or older than its sources, and the build tools (devDependencies) are not installed.`);
    console.error('Build where they are (npm ci && npm run build), then start from that tree.');
    process.exit(1);
  }

  // One build makes both the browser's app and the server's page renderer (dist/ssr).
  if (needBuild('The client', outdated('dist/client/index.html', CLIENT_SOURCES) || outdated('dist/ssr/entry-server.js', CLIENT_SOURCES))) {
    console.log('Building the client...');
    // A production build whatever NODE_ENV the shop starts with: vite keeps a NODE_ENV it finds, and `NODE_ENV=test npm
    // start` (the Node 20 smoke) made React's development JSX calls, which a production server cannot render.
    const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  if (needBuild('The server bundle', outdated(SERVER_BUNDLE, SERVER_SOURCES))) await buildServer();
}

if (import.meta.url === `file://${process.argv[1]}`) await buildIfOutdated();
