// `DATABASE_URL=postgres://... node scripts/on-node24.mjs --import tsx bench/statement-cpu.ts` (RUNS=5000 by default):
// one statement's CPU in this process, each way: the checkout's order statement (insertOrder) run N times on the one
// pool, borrowed directly (sql.ts, a named statement), and through the ORM's public APIs on the same pool (its Kysely
// instance running the statement as it is, unnamed; MikroORM's execute, with ? placeholders).
import { MikroORM } from '@mikro-orm/postgresql';
import { CompiledQuery } from 'kysely';
import { createOrmConfig } from '../server/db/orm-config';
import { createScratchDatabase } from '../server/db/scratch-database';
import { migrateJobQueue } from '../server/jobs/job-worker';
import { sql, type SqlRunner } from '../server/db/sql';
import { insertOrder } from '../server/modules/orders/insert-order';
import type { OrderDto } from '../server/modules/orders/order.schema';

const RUNS = Number(process.env.RUNS ?? 5000);
const scratch = await createScratchDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'stmtcpu');
const orm = await MikroORM.init(createOrmConfig(scratch.url, { queryTimeoutMs: 3000 }));
try {
  await migrateJobQueue(scratch.url);
  await orm.migrator.up();
  const [product] = await sql(orm.em).query<{ id: number }>(
    `insert into product (name, description, price, image_url, gallery_images, in_stock, stock_quantity, low_stock_threshold, category, dimensions, weight, material, finish, featured, archived, created_at, updated_at)
     values ('Bench bowl', 'x', 10.00, '/x.jpg', '[]', true, 1000000000, 0, 'bowls', '1', 1.00, 'oak', 'oil', false, false, now(), now()) returning id`,
  );
  let nextId = 1_000_000;
  const order = (): OrderDto =>
    ({
      id: nextId++,
      kind: 'shop',
      customerEmail: 'a@example.com',
      customerName: 'A B',
      shippingAddress: { line1: '1 Road', city: 'Atlanta', state: 'GA', postalCode: '30301', country: 'US' } as never,
      billingAddress: { line1: '1 Road', city: 'Atlanta', state: 'GA', postalCode: '30301', country: 'US' } as never,
      subtotal: '10.00',
      shipping: '0.00',
      tax: '0.00',
      total: '10.00',
      discount: '0.00',
      discountCode: null,
      status: 'completed',
      paymentMethod: 'card',
      paypalOrderId: null,
      paypalCaptureId: null,
      squarePaymentId: `sq-${nextId}`,
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
      createdAt: '',
      items: [{ productId: product!.id, name: 'Bench bowl', price: '10.00', quantity: 1 }],
    }) as unknown as OrderDto;

  const kysely = orm.em.getKysely();
  // $n parameters as MikroORM's ? (each use its own value, in order of appearance).
  const asQuestionMarks = (text: string, values: readonly unknown[]) => {
    const bindings: unknown[] = [];
    return { text: text.replace(/\$(\d+)/g, (_, n: string) => (bindings.push(values[Number(n) - 1]), '?')), bindings };
  };
  const runners: Record<string, SqlRunner> = {
    'one pg.Pool, named (sql.ts)': sql(orm.em),
    "ORM's Kysely, unnamed": {
      async query<Row>(text: string, values: readonly unknown[] = []) {
        return (await kysely.executeQuery<Row>(CompiledQuery.raw(text, [...values]))).rows;
      },
    },
    'ORM em.execute (MikroORM)': {
      async query<Row>(text: string, values: readonly unknown[] = []) {
        const q = asQuestionMarks(text, values);
        return orm.em.getConnection().execute<Row[]>(q.text, q.bindings);
      },
    },
  };
  for (const round of [1, 2, 3]) {
    for (const [name, runner] of Object.entries(runners)) {
      for (let i = 0; i < 300; i += 1) await insertOrder(runner, order());
      const cpu = process.cpuUsage();
      const started = performance.now();
      for (let i = 0; i < RUNS; i += 1) if (!(await insertOrder(runner, order()))) throw new Error('not sold');
      const used = process.cpuUsage(cpu);
      const wall = performance.now() - started;
      console.log(
        `round ${round} ${name}: ${((used.user + used.system) / RUNS).toFixed(1)} µs CPU a statement, ${((wall * 1000) / RUNS).toFixed(0)} µs wall`,
      );
    }
  }
} finally {
  await orm.close(true);
  await scratch.drop();
}
