// `npm start`: builds the client when it is missing or older than its sources, then runs the server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const built = 'dist/client/index.html';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(file) : fs.statSync(file).mtimeMs);
  }
  return newest;
}

const sources = Math.max(newestMtime('src'), newestMtime('public'), newestMtime('server/domain'));
if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sources) {
  console.log('Building the client...');
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawnSync(process.execPath, ['--import', 'tsx', 'server/index.ts'], { stdio: 'inherit' });
process.exit(server.status ?? 1);
