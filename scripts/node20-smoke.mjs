// `npm run test:node20-smoke`: README's `npm start`, launched by the machine's Node 20, serves the shop (on Node 24:
// scripts/start.mjs runs itself again there, since MikroORM 7 needs 22.17): its health and a product page, on a
// database of its own (made on DATABASE_URL's server, or postgres on 127.0.0.1), seeded with the demo catalogue.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const name = `turnery_node20_smoke_${process.pid}`;
const admin = async (statement) => {
  const client = new pg.Client({ connectionString: serverUrl.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};
const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${name}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnery-node20-smoke-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
await admin(`create database ${name}`);
let output = '';
// A process group of its own: the stop reaches npm, both start scripts, npx and the server at once.
const shop = spawn('npm', ['start'], {
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl.toString(),
    DATA_DIR: dataDir,
    STOP_DELAY_MS: '0',
    SEED_DEMO_DATA: 'true',
  },
});
for (const stream of [shop.stdout, shop.stderr]) stream.on('data', (chunk) => (output += chunk.toString()));
const exited = new Promise((resolve) => shop.once('exit', resolve));

async function get(url) {
  const response = await fetch(url).catch(() => undefined);
  return response && { status: response.status, text: await response.text() };
}

let failure;
try {
  if (!process.versions.node.startsWith('20.')) console.log(`(launched by Node ${process.versions.node}, not 20)`);
  // A build of the client and the server bundle may come first.
  const deadline = Date.now() + 240_000;
  let health;
  while (Date.now() < deadline && (health = await get(`${base}/api/health`))?.status !== 200) await new Promise((r) => setTimeout(r, 500));
  if (health?.status !== 200) throw new Error(`no healthy answer from ${base}/api/health in 240 s`);
  if (!/on node@24/.test(output) && process.versions.node.startsWith('20.')) throw new Error('npm start did not run the server on Node 24');
  const featured = JSON.parse((await get(`${base}/api/products/featured`)).text);
  const id = (Array.isArray(featured) ? featured : (featured.products ?? featured.items))?.[0]?.id;
  const page = await get(`${base}/product/${id}`);
  if (page?.status !== 200 || !page.text.includes('<html')) throw new Error(`the product page /product/${id} answered ${page?.status}`);
  console.log(`npm start, launched by Node ${process.versions.node}, served /api/health and /product/${id}`);
} catch (error) {
  failure = error;
} finally {
  process.kill(-shop.pid, 'SIGTERM');
  const killLater = setTimeout(() => process.kill(-shop.pid, 'SIGKILL'), 20_000);
  await exited;
  clearTimeout(killLater);
  await admin(`drop database if exists ${name} with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (failure) {
  console.error(output.split('\n').slice(-40).join('\n'));
  console.error(failure.message);
  process.exit(1);
}
