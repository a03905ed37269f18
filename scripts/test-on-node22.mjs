// `npm run test:node22`: the unit and API tests once more on Node 22, the production runtime (Dockerfile,
// .nvmrc), while the machines that run `npm test` have Node 20. The registry's `node` package brings the
// binary; vitest's workers and the servers the tests start inherit it (they are started with process.execPath).
import { spawnSync } from 'node:child_process';

const NODE_22 = 'node@22.23.3';
const npx = (args) => spawnSync('npx', ['--yes', '--package', NODE_22, 'node', ...args], { stdio: 'inherit' });

const version = spawnSync('npx', ['--yes', '--package', NODE_22, 'node', '--version'], { encoding: 'utf8' });
if (version.status !== 0 || !version.stdout.startsWith('v22.')) {
  console.error(`Could not run ${NODE_22} through npx:`, version.stderr || version.stdout);
  process.exit(1);
}
console.log(`Unit and API tests on Node ${version.stdout.trim()}`);
const run = npx(['node_modules/vitest/vitest.mjs', 'run']);
process.exit(run.status ?? 1);
