// `npm test`: every check. First, in two lanes (each keeps about one core busy): the type check, Prettier's check and
// the Node 20 smoke (README's `npm start` launched by the machine's Node 20 serves the shop, from Node 24) in one, ESLint (the longest) in the other;
// then, one at a time, the unit and API tests on Node 24 (the production runtime) and the end-to-end tests (Playwright
// and its shops on Node 24 too). Each of those two keeps both cores busy alone; beside one another (the browser
// tests beside vitest) they overloaded the machine into timeouts (docs/testing.md). Every part runs even when an
// earlier one failed, so one run reports every failure. Each line of output names its part; a failed part's last
// lines are printed again at the end, where a CI log's tail shows them.
import { spawn } from 'node:child_process';

const REPLAYED_LINES = 80;
/** The last lines of each part that failed, to print again once every part has ended. */
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

/**
 * One PostgreSQL server for the parts that need one (vitest on Node 24, the Node 20 smoke, the browser tests), started
 * now beside the first lanes, when DATABASE_URL names none: each part would otherwise start an embedded server of its
 * own. Answers its stop, or nothing to stop when DATABASE_URL is set.
 */
function startTestDatabase() {
  if (process.env.DATABASE_URL) return Promise.resolve(async () => {});
  const child = spawn('node', ['--import', 'tsx', 'scripts/test-database.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk.toString();
      const url = /^database (\S+)$/m.exec(output)?.[1];
      if (!url) return;
      process.env.DATABASE_URL = url;
      resolve(async () => {
        child.kill('SIGTERM');
        await exited;
      });
    });
    void exited.then((code) => reject(new Error(`the test database did not start (exit ${code}):\n${output}`)));
  });
}

const started = Date.now();
const database = startTestDatabase();
// Node 24 for the vitest pass: npx fetches it the first time (7.8 s with an empty npm cache, 1.8 s once fetched),
// meanwhile the first lanes run. A failed fetch is reported by the node24 part itself.
const node24Fetched = new Promise((resolve) => {
  spawn('node', ['scripts/on-node24.mjs', '--version'], { stdio: 'ignore' }).on('close', resolve).on('error', resolve);
});
// Its stop; without a server, each part starts an embedded one of its own, as when run alone.
const databaseStop = database.then(
  (stop) => stop,
  (error) => {
    console.log(`[database] ${error.message}`);
    return async () => {};
  },
);
const codes = (
  await Promise.all([
    run('typecheck', 'typecheck').then(async (code) => {
      const format = await run('format', 'format:check');
      await databaseStop;
      return [code, format, await run('node20', 'test:node20-smoke')];
    }),
    run('eslint', 'lint:eslint').then((code) => [code]),
  ])
).flat();
await node24Fetched;
for (const [name, script] of [
  ['node24', 'test:node24'],
  ['e2e', 'test:e2e'],
]) {
  codes.push(await run(name, script));
}
const stop = await databaseStop;
await stop();
const passed = codes.every((code) => code === 0);
for (const { name, last } of failures) {
  console.log(`\n[${name}] FAILED; its last ${last.length} lines again:`);
  for (const line of last) console.log(`[${name}] ${line}`);
}
console.log(`npm test ${passed ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(passed ? 0 : 1);
