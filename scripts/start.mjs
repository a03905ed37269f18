// `npm start`: runs the server from its bundle, first building what is missing or older than its sources
// (scripts/build-app.mjs; a built tree installed with `npm ci --omit=dev` runs what it has: docs/deployment.md).
import { spawn } from 'node:child_process';
import { buildIfOutdated } from './build-app.mjs';
import { SERVER_BUNDLE } from './build-server.mjs';
import { reexecOnNode24, tooOld } from './node24.mjs';

// On a Node older than 22.17 (the machines' Node 20), all of it runs again on Node 24; on Node 24 itself (Docker),
// nothing more is started.
if (tooOld) {
  reexecOnNode24('scripts/start.mjs');
} else {
  await start();
}

async function start() {
  await buildIfOutdated();

  // A stop signal sent to this script alone (a supervisor, `kill`) reaches the server too, which then stops
  // gracefully; Ctrl-C reaches both anyway, and the server ignores the second one.
  const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code) => process.exit(code ?? 1));
}
