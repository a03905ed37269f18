import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Started } from '../../bench/processes';
import { freePort } from '../../server/db/embedded-postgres';
import { createScratchDatabase } from '../../server/db/scratch-database';
import { sql } from '../support/database';
import { eventually } from '../support/eventually';
import { FakeSquare } from '../support/fake-square';
import { startShopProcess } from '../support/shop-process';

// Money taken never stays without an order or a refund, even when the shop is killed (SIGKILL: no stop
// handler runs) between Square taking the money and the shop hearing of it, or between the payment and the
// order. The restarted shop's recovery pass finds both payments in its ledger and refunds them through Square.

const square = new FakeSquare();
let database: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let shop: Started | undefined;
afterAll(async () => {
  await shop?.stop();
  await square.stop();
  await database?.drop();
});

async function startShop(port: number, recoveryAfterMs: number) {
  return startShopProcess(
    {
      DATABASE_URL: database!.url,
      ...square.shopSettings(),
      PAYMENT_RECOVERY_AFTER_MS: String(recoveryAfterMs),
    },
    { port },
  );
}

const charge = (url: string, sourceId: string) =>
  fetch(`${url}/api/square/process-payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sourceId, amount: '45.50' }),
  });

describe('a shop killed while taking money', () => {
  it('refunds, after a restart, a payment whose answer it never heard and one that no order followed', { timeout: 90_000 }, async () => {
    await square.start();
    database = await createScratchDatabase(inject('databaseServerUrl'), 'recovery', inject('migratedTemplate'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    shop = await startShop(port, 3_600_000);

    // Paid, answered, but the buyer's order never comes.
    const paid = (await (await charge(url, square.issueNonce())).json()) as { success: boolean; payment: { id: string } };
    expect(paid.success).toBe(true);
    // Square takes the money, then the shop dies before its answer arrives.
    square.hangAfterCreate = true;
    const unanswered = charge(url, square.issueNonce()).catch(() => undefined);
    await eventually(
      () => Promise.resolve(square.payments.size),
      (size) => size === 2,
    );
    shop.child.kill('SIGKILL');
    await new Promise((resolve) => shop!.child.once('exit', resolve));
    await unanswered;
    square.hangAfterCreate = false;
    const before = await sql<{ state: string }>(database.url, 'select state from payment_ledger order by id');
    expect(before.map((row) => row.state)).toEqual(['captured', 'charging']);
    expect(square.refunds).toHaveLength(0);

    shop = await startShop(port, 0);
    // Each payment, and the refund of it (a ledger row of its own, written before Square was asked), ends refunded.
    const ledger = await eventually(
      () =>
        sql<{ kind: string; state: string; payment_id: string }>(
          database!.url,
          'select kind, state, payment_id from payment_ledger order by id',
        ),
      (rows) => rows.length === 4 && rows.every((row) => row.state === 'refunded'),
    );
    const after = ledger.filter((row) => row.kind === 'payment');
    expect(after.map((row) => row.state)).toEqual(['refunded', 'refunded']);
    // Each payment refunded once, in full; the repeated CreatePayment made no second payment.
    expect(square.payments.size).toBe(2);
    expect(square.refunds.map((refund) => refund.payment_id).sort()).toEqual([...square.payments.keys()].sort());
    expect([...square.payments.values()].every((payment) => payment.refunded_money?.amount === 4550)).toBe(true);
    expect(after.map((row) => row.payment_id).sort()).toEqual([...square.payments.keys()].sort());
  });
});
