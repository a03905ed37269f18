import { describe, expect, it } from 'vitest';
import type { ErrorJson, Outputs } from '../support/api-types';
import { call } from '../support/admin-client';
import { adminBrowser, Browser } from '../support/browser';
import { acceptBody, quoteCommission, requestCommission } from '../support/commission-fixtures';
import { sql } from '../support/database';
import { eventually } from '../support/eventually';
import { cents, refundShop } from '../support/refund-shop';

// D36: what a buyer is told went back is what the ledger shows went back, whichever path refunded it (the order's
// refund, the commission's cancel); and a commission's cancel is decided under the commission's lock before any money
// moves, so a cancel racing "ready" never refunds a commission that carries on.

type Commission = Outputs['commissions']['get'];
type AdminCommission = Outputs['admin']['commissions']['byId'];

const shop = refundShop();

/** A commission whose deposit the buyer paid by card (Square's fake): its page's token, id, order and deposit. */
async function accepted(email: string) {
  const buyer = new Browser(shop.server.url);
  const { id, token } = await requestCommission(buyer, { email });
  await quoteCommission(await adminBrowser(shop.server), id, { lines: [{ description: 'Bowl', price: '100.00' }] });
  const deposit = (await buyer.get<Commission>(`/api/commissions/${token}`)).body.due;
  const answer = await buyer.post<Commission>(`/api/commissions/${token}/accept`, acceptBody(1, deposit, shop.square.issueNonce()));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { buyer, id, token, orderId: answer.body.orderId!, deposit };
}

const change = (id: number, body: unknown) =>
  call<AdminCommission & ErrorJson>(shop.server, 'PATCH', `/admin/commissions/${id}`, { cookie: shop.cookie, body });

/** What the ledger gave back of an order's payments, in cents. */
async function ledgerRefunded(orderId: number) {
  const [row] = await sql<{ refunded: number }>(
    shop.server.databaseUrl,
    `select coalesce(sum(refunded_cents), 0)::int as refunded from payment_ledger where order_id = $1 and kind = 'payment'`,
    [orderId],
  );
  return row!.refunded;
}

const cancelMail = (to: string) =>
  eventually(
    () => shop.smtp.received.find((mail) => mail.to.includes(to) && mail.parsed.subject === 'Your commission was cancelled'),
    (mail) => mail !== undefined,
  );

describe("a commission's refunds as the ledger holds them", () => {
  it('tells the buyer what went back when an order refund came before a cancel that agreed less', async () => {
    const email = 'ledger.cancel@example.com';
    const { buyer, id, token, orderId } = await accepted(email);
    expect((await shop.refund(orderId, { amount: '10.00', reason: 'Wood changed' })).status).toBe(200);

    const cancelled = await change(id, { status: 'cancelled', refundAmount: '5.00' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // 10.00 went back (the order's refund); the cancel agreed 5.00, less than that, so it sent nothing more.
    expect(await ledgerRefunded(orderId)).toBe(1000);
    const [payment] = await sql<{ payment_id: string }>(
      shop.server.databaseUrl,
      `select payment_id from payment_ledger where order_id = $1`,
      [orderId],
    );
    expect(shop.squareRefundsOf(payment!.payment_id).reduce((sum, refund) => sum + refund.amount_money.amount, 0)).toBe(1000);
    expect(cancelled.body.refunded).toBe('10.00');
    expect((await buyer.get<Commission>(`/api/commissions/${token}`)).body).toMatchObject({ status: 'cancelled', refunded: '10.00' });
    const mail = await cancelMail(email);
    expect(mail?.parsed.text).toContain('We have returned $10.00 to you');
  });

  it("shows a paid commission's refund split over its deposit and balance on the buyer's page", async () => {
    const { buyer, id, token, orderId, deposit } = await accepted('ledger.paid@example.com');
    expect((await change(id, { status: 'ready' })).status).toBe(200);
    const balance = (await buyer.get<Commission>(`/api/commissions/${token}`)).body.due;
    const paid = await buyer.post<Commission>(`/api/commissions/${token}/balance`, {
      amount: balance,
      payment: acceptBody(1, balance, shop.square.issueNonce()).payment,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    // More than the balance: the refund takes all of the balance's payment and part of the deposit's.
    const amount = ((cents(balance) + 500) / 100).toFixed(2);
    expect((await shop.refund(orderId, { amount, reason: 'A crack in the rim' })).status).toBe(200);
    expect(await ledgerRefunded(orderId)).toBe(cents(amount));
    expect((await buyer.get<Commission>(`/api/commissions/${token}`)).body).toMatchObject({ status: 'paid', refunded: amount });
    expect(cents(deposit)).toBeGreaterThan(500);
  });

  it('decides a cancel racing "ready" under one lock: the cancel wins and refunds, "ready" is refused', async () => {
    const email = 'ledger.race@example.com';
    const { buyer, id, token, orderId, deposit } = await accepted(email);
    // Square takes its time with the refund: "ready" arrives while the cancel waits for it.
    shop.square.hang.refund = true;
    try {
      const refundsBefore = shop.refundRequests();
      const cancel = change(id, { status: 'cancelled', refundAmount: deposit });
      await eventually(shop.refundRequests, (count) => count > refundsBefore);
      const ready = await change(id, { status: 'ready' });
      const cancelled = await cancel;

      expect(ready.status).toBe(409);
      expect(ready.body.data.reason).toBe('INVALID_TRANSITION');
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(cancelled.body).toMatchObject({ status: 'cancelled', refunded: deposit, orderStatus: 'cancelled' });
    } finally {
      shop.square.hang.refund = false;
    }
    // The refund the provider did not answer is kept and sent again with its key (the recovery pass); it was decided once.
    expect(await ledgerRefunded(orderId)).toBe(cents(deposit));
    expect((await buyer.get<Commission>(`/api/commissions/${token}`)).body).toMatchObject({ status: 'cancelled', refunded: deposit });
    expect((await cancelMail(email))?.parsed.text).toContain(`We have returned $${deposit} to you`);
  }, 30_000);
});
