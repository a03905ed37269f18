// The Node that runs everything loading the server or the ORM: MikroORM 7 needs 22.17 or newer, production runs 24
// (Dockerfile, .nvmrc), and the machines that run README's commands have Node 20. The registry's `node` package
// brings the binary (`npx` fetches it the first time, about 7 s); what the command starts with process.execPath, or
// as `node` (npx puts that package's binary first on PATH), runs on it too.
import { spawn, spawnSync } from 'node:child_process';

// The 24 LTS release the Dockerfile's `node:24` runs (a newer one is pinned here when the registry has it).
export const NODE_24 = 'node@24.21.0';

const [major, minor] = process.versions.node.split('.').map(Number);
/** Whether this Node is too old for MikroORM 7 (older than 22.17). */
export const tooOld = major < 22 || (major === 22 && minor < 17);

/** Runs `node <args>` on Node 24 and waits for it (its output as `options` say). */
export const runOnNode24 = (args, options) => spawnSync('npx', ['--yes', '--package', NODE_24, 'node', ...args], options);

/**
 * Runs this script again on Node 24 with the same arguments, its output shown and stop signals passed on, and
 * exits with its code: for the commands README gives (npm start, npm run dev), which Node 20 may launch.
 */
export function reexecOnNode24(script) {
  console.log(`Node ${process.versions.node} is older than MikroORM 7 needs (22.17): running ${script} on ${NODE_24}.`);
  const child = spawn('npx', ['--yes', '--package', NODE_24, 'node', script, ...process.argv.slice(2)], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
