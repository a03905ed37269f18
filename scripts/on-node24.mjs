// `node scripts/on-node24.mjs <node arguments>`: runs them on Node 24, the production runtime (Dockerfile, .nvmrc),
// while the machines that run `npm test` and `npm run bench` have Node 20. The registry's `node` package brings the
// binary (`npx` fetches it the first time, about 7 s); the processes the command starts with process.execPath (vitest's
// workers, the shops and servers of tests and the bench) run on it too.
import { spawnSync } from 'node:child_process';

// The 24 LTS release the Dockerfile's `node:24` runs (a newer one is pinned here when the registry has it).
const NODE_24 = 'node@24.21.0';
const node24 = (args, options) => spawnSync('npx', ['--yes', '--package', NODE_24, 'node', ...args], options);

const version = node24(['--version'], { encoding: 'utf8' });
if (version.status !== 0 || !version.stdout.startsWith('v24.')) {
  console.error(`Could not run ${NODE_24} through npx:`, version.stderr || version.stdout);
  process.exit(1);
}
console.log(`On Node ${version.stdout.trim()}: node ${process.argv.slice(2).join(' ')}`);
process.exit(node24(process.argv.slice(2), { stdio: 'inherit' }).status ?? 1);
