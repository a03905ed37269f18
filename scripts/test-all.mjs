// `npm test`: every check, in two lanes side by side: the type check, then the unit and API tests on Node 20, then on
// Node 24; and the end-to-end tests (two Playwright workers), then the lint. On a 2-core machine these keep both
// cores busy. Three lanes (the two vitest runs beside the browser tests) overloaded the machine into timing failures
// (docs/testing.md). Each line of output names its part; the run fails if any part fails, and a lane stops at its
// first failure. A failed part's last lines are printed again at the end, where a CI log's tail shows them.
import { spawn } from 'node:child_process';

const REPLAYED_LINES = 80;
/** The last lines of each part that failed, to print again after both lanes end. */
const failures = [];

/** Runs `npm run <script>` with each output line prefixed by `name`; answers its exit code. */
function run(name, script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const last = [];
    const print = (line) => {
      console.log(`[${name}] ${line}`);
      last.push(line);
      if (last.length > REPLAYED_LINES) last.shift();
    };
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
        for (const line of lines) print(line);
      });
      stream.on('end', () => rest && print(rest));
    }
    // 'close', not 'exit': the part's last lines are read by then.
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`[${name}] ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s`);
      if (code !== 0) failures.push({ name, last });
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

const started = Date.now();
const codes = await Promise.all(
  [
    [
      ['typecheck', 'typecheck'],
      ['unit', 'test:unit'],
      ['node24', 'test:node24'],
    ],
    [
      ['e2e', 'test:e2e'],
      ['lint', 'lint'],
    ],
  ].map(lane),
);
const passed = codes.every((code) => code === 0);
for (const { name, last } of failures) {
  console.log(`\n[${name}] FAILED; its last ${last.length} lines again:`);
  for (const line of last) console.log(`[${name}] ${line}`);
}
console.log(`npm test ${passed ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(passed ? 0 : 1);
