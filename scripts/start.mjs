// `npm start`: builds the client and the server bundle when missing or older than their sources, then runs
// the server from the bundle.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, SERVER_BUNDLE } from './build-server.mjs';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(file) : fs.statSync(file).mtimeMs);
  }
  return newest;
}

const outdated = (file, sources) => !fs.existsSync(file) || fs.statSync(file).mtimeMs < Math.max(...sources.map(newestMtime));

// One build makes both the browser's app and the server's page renderer (dist/ssr).
const clientSources = ['src', 'public', 'server/domain'];
if (outdated('dist/client/index.html', clientSources) || outdated('dist/ssr/entry-server.js', clientSources)) {
  console.log('Building the client...');
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (outdated(SERVER_BUNDLE, ['server', 'migrations'])) await buildServer();

// A stop signal sent to this script alone (a supervisor, `kill`) reaches the server too, which then stops
// gracefully; Ctrl-C reaches both anyway, and the server ignores the second one.
const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 1));
