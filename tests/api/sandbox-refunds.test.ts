import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/database';
import { lazyHandles } from '../../server/db/db-handles';
import { PaymentUnavailableError } from '../../server/modules/payments/payment-provider';
import { SandboxProvider } from '../../server/modules/payments/sandbox.provider';
import { sql } from '../support/database';
import { APPROVED_CARD } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';

// The sandbox provider under concurrency (issue 42): refunds of one payment arriving at once are each decided on
// the payment as it is when that refund runs, never on what was left before another one committed. Each refund is
// called on handles of its own, as the shop's requests call it (the shop sends each refund after its ledger row is
// recorded, outside any lock, so two refunds of one payment can reach the provider together); real PostgreSQL.
// What the sandbox gave back is read from its own rows. Captures of one PayPal order arriving at once make one
// capture (issue 43: before its one statement, three at once made three).

let server: TestServer;
let database: Database;
const sandbox = new SandboxProvider();
beforeAll(async () => {
  server = await startTestServer();
  database = await openDatabase(loadConfig({ NODE_ENV: 'test', DATABASE_URL: server.databaseUrl }), () => {});
});
afterAll(async () => {
  await database?.close();
  await server?.close();
});

const handles = () => lazyHandles(database.orm.em);

/** A sandbox card payment of `amountCents`: its id. */
async function payment(amountCents: number): Promise<string> {
  const charged = await sandbox.charge(handles(), { sourceId: 'sandbox', amountCents, card: APPROVED_CARD, idempotencyKey: randomUUID() });
  if (!charged.ok) throw new Error(`the sandbox declined the test card: ${charged.code}`);
  return charged.payment.id;
}

/** Refunds of `amountCents` each of one payment, all sent at once, each with a key of its own. */
const refundsAtOnce = (id: string, amounts: number[]) =>
  Promise.allSettled(amounts.map((amountCents) => sandbox.refund(handles(), id, amountCents, randomUUID())));

/** The sandbox's payment row and the refunds it made of it. */
async function sandboxSide(id: string) {
  const [row] = await sql<{ status: string; amount: string; refunded: string; refunds: string }>(
    server.databaseUrl,
    `select p.status, p.amount::text,
            coalesce((select sum(r.amount) from sandbox_payment r where r.kind = 'refund' and r.capture_id = p.id), 0)::text as refunded,
            (select count(*) from sandbox_payment r where r.kind = 'refund' and r.capture_id = p.id)::text as refunds
       from sandbox_payment p where p.id = $1`,
    [id],
  );
  return { status: row!.status, amount: row!.amount, refunded: Number(row!.refunded).toFixed(2), refunds: Number(row!.refunds) };
}

describe('the sandbox, refunding one payment from several requests at once', () => {
  it('two 50% refunds at once: both made, and the payment ends REFUNDED with all of it back', async () => {
    // Several payments, each refunded twice at once: one pair alone does not always meet in the database.
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => payment(5000)));
    const results = await Promise.all(ids.map((id) => refundsAtOnce(id, [2500, 2500])));
    expect(results.flat().map((result) => result.status)).toEqual(Array(10).fill('fulfilled'));
    for (const id of ids) {
      expect(await sandboxSide(id)).toEqual({ status: 'REFUNDED', amount: '50.00', refunded: '50.00', refunds: 2 });
    }
  });

  it('three 50% refunds at once: two made, one refused, never more back than was paid', async () => {
    const id = await payment(5000);
    const results = await refundsAtOnce(id, [2500, 2500, 2500]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(PaymentUnavailableError);
    expect((refused[0] as Error).message).toMatch(/more than the \$0\.00 left/);
    expect(await sandboxSide(id)).toEqual({ status: 'REFUNDED', amount: '50.00', refunded: '50.00', refunds: 2 });
  });
});

describe('the sandbox, capturing one PayPal order from several requests at once', () => {
  it('makes one capture, and every request is answered with it', async () => {
    // Several orders, each captured three times at once: one trio alone does not always meet in the database.
    const orders = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        sandbox.createOrder(handles(), { amountCents: 4200, requestId: randomUUID(), returnUrl: 'http://x/r', cancelUrl: 'http://x/c' }),
      ),
    );
    for (const order of orders) {
      const answers = await Promise.all([1, 2, 3].map(() => sandbox.capture(handles(), order.id)));
      expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
      expect(answers[0]).toMatchObject({ status: 'COMPLETED', amountCents: 4200 });
      const captures = await sql<{ id: string }>(
        server.databaseUrl,
        `select id from sandbox_payment where kind = 'paypal-capture' and paypal_order_id = $1`,
        [order.id],
      );
      expect(captures.map((capture) => capture.id)).toEqual([answers[0]!.id]);
    }
  });
});
