// `node scripts/on-node24.mjs <node arguments>`: runs them on Node 24 (scripts/node24.mjs says why), e.g. vitest,
// Playwright, the bench, migration:create.
import { NODE_24, runOnNode24 } from './node24.mjs';

const version = runOnNode24(['--version'], { encoding: 'utf8' });
if (version.status !== 0 || !version.stdout.startsWith('v24.')) {
  console.error(`Could not run ${NODE_24} through npx:`, version.stderr || version.stdout);
  process.exit(1);
}
console.log(`On Node ${version.stdout.trim()}: node ${process.argv.slice(2).join(' ')}`);
process.exit(runOnNode24(process.argv.slice(2), { stdio: 'inherit' }).status ?? 1);
