// `npm start`: runs the server from its bundle. In a clone with the build tools (devDependencies), it first builds
// the client and the server bundle when missing or older than their sources; a built tree installed with
// `npm ci --omit=dev` has no build tools and runs what it has (docs/deployment.md).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, SERVER_BUNDLE } from './build-server.mjs';
import { reexecOnNode24, tooOld } from './node24.mjs';

// On a Node older than 22.17 (the machines' Node 20), all of it runs again on Node 24; on Node 24 itself (Docker),
// nothing more is started.
if (tooOld) {
  reexecOnNode24('scripts/start.mjs');
} else {
  await start();
}

async function start() {
  const canBuild = fs.existsSync('node_modules/vite') && fs.existsSync('node_modules/esbuild');

  function newestMtime(dir) {
    let newest = 0;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      newest = Math.max(newest, entry.isDirectory() ? newestMtime(file) : fs.statSync(file).mtimeMs);
    }
    return newest;
  }

  // Sources a built tree may lack count as unchanged.
  const outdated = (file, sources) =>
    !fs.existsSync(file) || fs.statSync(file).mtimeMs < Math.max(0, ...sources.filter((dir) => fs.existsSync(dir)).map(newestMtime));

  function needBuild(what, outdatedNow) {
    if (!outdatedNow) return false;
    if (canBuild) return true;
    console.error(`${what} is missing or older than its sources, and the build tools (devDependencies) are not installed.`);
    console.error('Build where they are (npm ci && npm run build), then start from that tree.');
    process.exit(1);
  }

  // One build makes both the browser's app and the server's page renderer (dist/ssr).
  const clientSources = ['src', 'public', 'server/domain'];
  if (needBuild('The client', outdated('dist/client/index.html', clientSources) || outdated('dist/ssr/entry-server.js', clientSources))) {
    console.log('Building the client...');
    // A production build whatever NODE_ENV the shop starts with: vite keeps a NODE_ENV it finds, and `NODE_ENV=test npm
    // start` (the Node 20 smoke) made React's development JSX calls, which a production server cannot render.
    const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  if (needBuild('The server bundle', outdated(SERVER_BUNDLE, ['server', 'migrations']))) await buildServer();

  // A stop signal sent to this script alone (a supervisor, `kill`) reaches the server too, which then stops
  // gracefully; Ctrl-C reaches both anyway, and the server ignores the second one.
  const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code) => process.exit(code ?? 1));
}
