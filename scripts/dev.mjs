// `npm run dev`: the server restarting on change (tsx watch) and the client with hot reload (Vite).
import { spawn } from 'node:child_process';
import { reexecOnNode24, tooOld } from './node24.mjs';

if (tooOld) reexecOnNode24('scripts/dev.mjs');
else dev();

function dev() {
  const children = [
    // No balancer in front: a restart on change need not wait STOP_DELAY_MS's production default.
    spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/index.ts'], {
      stdio: 'inherit',
      env: { STOP_DELAY_MS: '0', ...process.env },
    }),
    spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
  ];
  const stop = () => children.forEach((child) => child.kill('SIGTERM'));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  children.forEach((child) =>
    child.on('exit', (code) => {
      stop();
      process.exitCode = code ?? 0;
    }),
  );
}
