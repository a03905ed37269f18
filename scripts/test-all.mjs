// `npm test`: every check, two at a time. On a 2-core machine one part alone leaves a core idle much of the time
// (the API tests and the browser tests mostly wait on servers, databases and the browser), so the parts run in two
// lanes: the lint beside the type check, then the unit and API tests (Node 20, then Node 24) beside the end-to-end
// tests. Each line of output names its part; the run fails if any part fails, and a lane stops at its first failure.
import { spawn } from 'node:child_process';

/** Runs `npm run <script>` with each output line prefixed by `name`; answers its exit code. */
function run(name, script) {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`[${name}] npm run ${script}`);
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) console.log(`[${name}] ${line}`);
      });
      stream.on('end', () => rest && console.log(`[${name}] ${rest}`));
    }
    child.on('exit', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`[${name}] ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s`);
      resolve(code ?? 1);
    });
  });
}

/** Runs the scripts one after another, stopping at the first that fails. */
async function lane(steps) {
  for (const [name, script] of steps) {
    const code = await run(name, script);
    if (code !== 0) return code;
  }
  return 0;
}

/** Runs the lanes side by side; answers whether all passed. */
async function together(...lanes) {
  const codes = await Promise.all(lanes.map(lane));
  return codes.every((code) => code === 0);
}

const started = Date.now();
const passed =
  (await together([['lint', 'lint']], [['typecheck', 'typecheck']])) &&
  (await together(
    [
      ['unit', 'test:unit'],
      ['node24', 'test:node24'],
    ],
    [['e2e', 'test:e2e']],
  ));
console.log(`npm test ${passed ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(passed ? 0 : 1);
