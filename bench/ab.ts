// A/B of server builds on one database: `npx tsx bench/ab.ts` after copying builds of the commits to compare beside
// the bundle (each `node scripts/build-server.mjs`, then `cp dist/server/index.mjs dist/server/<name>.mjs`), with
//   AB='dist/server/a.mjs,dist/server/b.mjs|LOG_LEVEL=warn|--max-semi-space-size=32'  builds; after each `|` an
//                                                  environment setting or a Node flag for that one
//   CASES=checkout,quote,tax,shipping,list,contact  ROUNDS=3  SECS=6
// Each round starts every build in turn (alternating, so the machine's drift hits each alike), places one order (as a
// shop in service has: the ORM's AsyncLocalStorage is then on), and loads each case. It prints the CPU the server
// used per request or order beside the rate: on these shared 2-core machines the rate swings by a fifth between
// rounds of the same build, so compare medians of several rounds. `list` runs with the response cache off.
import { benchDatabase, startBenchShop } from './bench-shop';
import { benchCheckout, queueDrained } from './checkout-load';
import { autocannon } from './processes';
import { seedBenchData } from './seed';
import { buy, insertProduct } from '../tests/support/fixtures';
import { keepAliveClient } from '../tests/support/http-client';

const builds = (process.env.AB ?? 'dist/server/index.mjs').split(',');
const cases = (process.env.CASES ?? 'checkout').split(',');
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = Number(process.env.SECS ?? 6);
const LOAD = { connections: 64, seconds: SECONDS };

/** A call of each case: its path, and its JSON body for a POST. */
function request(name: string, productId: number): { path: string; method?: string; body?: string } {
  const post = (path: string, body: unknown) => ({ path, method: 'POST', body: JSON.stringify(body) });
  if (name === 'tax') return post('/api/tax/calculate', { amount: 123.45, state: 'NC' });
  if (name === 'shipping') return post('/api/shipping/calculate', { weight: 3.5, state: 'GA', subtotal: 45 });
  if (name === 'quote') return post('/api/checkout/quote', { items: [{ productId, quantity: 2 }], state: 'GA' });
  if (name === 'list') return { path: '/api/products' };
  // One client's flood of contact messages: after its first five, every answer is a 429.
  if (name === 'contact') {
    const message = { firstName: 'Ada', lastName: 'Turner', email: 'ada@example.com', subject: 'general', message: 'A question.' };
    return post('/api/contact', message);
  }
  throw new Error(`no case ${name}`);
}

const database = await benchDatabase('ab');
await (await startBenchShop(database.url, { bundle: builds[0]!.split('|')[0] })).stop();
await seedBenchData(database.url, { products: 200, orders: 200 });
const results = new Map<string, string[]>();
try {
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const build of builds) {
      const [bundle, ...extra] = build.split('|');
      const env = Object.fromEntries(extra.filter((e) => !e.startsWith('--')).map((e) => e.split('=') as [string, string]));
      const shop = await startBenchShop(database.url, {
        bundle,
        nodeArgs: extra.filter((e) => e.startsWith('--')),
        env: { ...(cases.includes('list') ? { RESPONSE_CACHE: 'false' } : {}), ...env },
      });
      try {
        const productId = await insertProduct(database.url, { name: 'A/B bowl', price: '20.00', stock: 1000 });
        const bought = await buy(keepAliveClient(shop.url), productId);
        if (bought.orderId === undefined) throw new Error(`${build} placed no order: ${bought.statuses.join(' ')}`);
        for (const name of cases) {
          let line: string;
          if (name === 'checkout') {
            await benchCheckout(shop.url, database.url, { ...LOAD, seconds: 2 });
            await queueDrained(database.url);
            const r = await benchCheckout(shop.url, database.url, { ...LOAD, serverPid: shop.child.pid });
            await queueDrained(database.url);
            line = `${r.ordersPerSecond.toFixed(1)}/s ${r.cpuMicrosPerOrder?.toFixed(0)} µs`;
          } else {
            const { path, ...call } = request(name, productId);
            await autocannon(shop.url + path, { ...LOAD, ...call, seconds: 1 });
            const r = await autocannon(shop.url + path, { ...LOAD, ...call, serverPid: shop.child.pid });
            line = `${Math.round(r.requestsPerSecond)}/s ${r.cpuMicrosPerRequest?.toFixed(1)} µs${r.non2xx ? ` (${r.non2xx} not 2xx)` : ''}`;
          }
          results.set(`${name.padEnd(9)} ${build}`, [...(results.get(`${name.padEnd(9)} ${build}`) ?? []), line]);
          console.log(round, name, build, line);
        }
      } finally {
        await shop.stop();
      }
    }
  }
} finally {
  await database.stop();
}
console.log('\nper case and build, each round (rate, CPU per request or order):');
for (const [key, lines] of [...results].sort(([a], [b]) => a.localeCompare(b))) console.log(`${key}: ${lines.join(' | ')}`);
