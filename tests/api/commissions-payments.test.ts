import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorJson, Outputs } from '../support/api-types';
import type { Browser } from '../support/browser';
import { startCommissionShop } from '../support/commission-shop';
import { sql } from '../support/database';
import { eventually } from '../support/eventually';
import { acceptBody, quoteCommission, requestCommission } from '../support/commission-fixtures';
import { APPROVED_CARD, forwardedClient } from '../support/fixtures';
import type { SmtpReceiver } from '../support/smtp-receiver';
import type { TestServer } from '../support/test-server';
import type { WebhookReceiver } from '../support/webhook-receiver';

// A commission's money (issue 37): the deposit and the balance each taken exactly once however many tabs pay at
// once, the accepted quote an order of kind commission, the build log emailed, and the order shipped as any other.

type Commission = Outputs['commissions']['get'];

let server: TestServer;
let smtp: SmtpReceiver;
let hooks: WebhookReceiver;
let admin: Browser;
let clients = 0;
const buyer = () => forwardedClient(server.url, `203.0.113.${++clients}`);
beforeAll(async () => {
  ({ server, smtp, hooks, admin } = await startCommissionShop(['commission.accepted', 'commission.updated']));
}, 60_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await hooks?.close();
});

const count = async (query: string, values: unknown[] = []) => Number((await sql<{ n: string }>(server.databaseUrl, query, values))[0]!.n);
const cardCharges = (amount: string) => count(`select count(*) as n from sandbox_payment where kind = 'card' and amount = $1`, [amount]);
const mailTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

/** A quoted commission whose deposit is `deposit`; answers its id and token. */
async function quoted(email: string, price: string) {
  const { id, token } = await requestCommission(buyer(), { email });
  await quoteCommission(admin, id, { lines: [{ description: 'Turned piece', price }] });
  return { id, token };
}

describe('the deposit', () => {
  it('is taken once under two tabs and a double click at once: one charge, one order of kind commission, commission.accepted once', async () => {
    // $250.00 + GA tax 4% = $260.00 (free shipping); 30% deposit = $78.00.
    const { id, token } = await quoted('ada.deposit@example.com', '250.00');
    const before = await cardCharges('78.00');
    const doubleClick = acceptBody(1, '78.00');
    const bodies = [acceptBody(1, '78.00'), doubleClick, doubleClick, acceptBody(1, '78.00')];
    const answers = await Promise.all(bodies.map((body) => buyer().post<Commission & ErrorJson>(`/api/commissions/${token}/accept`, body)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200).length, JSON.stringify(statuses)).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((one) => one.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(['PAYMENT_IN_PROGRESS', 'ALREADY_PAID']).toContain(answer.body.data.reason);
    }
    expect(await cardCharges('78.00')).toBe(before + 1);

    const page = await buyer().get<Commission>(`/api/commissions/${token}`);
    expect(page.body).toMatchObject({ status: 'accepted', acceptedQuoteVersion: 1, paid: '78.00', due: '0.00', orderStatus: 'pending' });
    const orderId = page.body.orderId!;
    for (const answer of answers.filter((one) => one.status === 200)) expect(answer.body.orderId).toBe(orderId);
    expect(
      await count(`select count(*) as n from shop_order where kind = 'commission' and customer_email = $1`, ['ada.deposit@example.com']),
    ).toBe(1);
    expect(await count(`select count(*) as n from payment_ledger where order_id = $1 and state = 'ordered'`, [orderId])).toBe(1);
    // No payment left without an order, nothing refunded: the losers never charged.
    expect(await count(`select count(*) as n from payment_ledger where state in ('charging', 'captured', 'refunding')`)).toBe(0);

    const order = await admin.get<Outputs['admin']['orders']['byId']>(`/api/admin/orders/${orderId}`);
    expect(order.body).toMatchObject({ kind: 'commission', status: 'pending', total: '260.00', items: [] });

    // The winner's own payment sent again (a click that came late): the same commission, no second charge.
    const winner = answers.findIndex((answer) => answer.status === 200);
    const again = await buyer().post<Commission>(`/api/commissions/${token}/accept`, bodies[winner]);
    expect(again.status).toBe(200);
    expect(again.body.orderId).toBe(orderId);
    expect(await cardCharges('78.00')).toBe(before + 1);

    const accepted = await eventually(
      () => hooks.received.filter((hook) => hook.body.type === 'commission.accepted' && hook.body.data.object.id === id),
      (found) => found.length === 1,
      20_000,
    );
    expect(accepted[0]!.body.data.object).toMatchObject({ status: 'accepted', orderId });
  }, 60_000);

  it('declined: 402 with the code, nothing taken, and the buyer may pay again', async () => {
    const { token } = await quoted('ada.declined@example.com', '100.00');
    const declined = await buyer().post<ErrorJson>(`/api/commissions/${token}/accept`, {
      ...acceptBody(1, '31.20'),
      payment: { method: 'square', sourceId: 'cnon:declined', cardData: { ...APPROVED_CARD, cardNumber: '4000 0000 0000 0002' } },
    });
    expect(declined.status).toBe(402);
    expect(declined.body.data.reason).toBe('PAYMENT_DECLINED');
    const paid = await buyer().post<Commission>(`/api/commissions/${token}/accept`, acceptBody(1, '31.20'));
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('accepted');
  });
});

describe('the build log and the balance', () => {
  it('emails an update with its photo, fires commission.updated, takes the balance once, and the order ships as any order', async () => {
    const email = 'ada.balance@example.com';
    const { id, token } = await quoted(email, '500.00');
    // $500.00 + 4% = $520.00; deposit $156.00, balance $364.00.
    expect((await buyer().post<Commission>(`/api/commissions/${token}/accept`, acceptBody(1, '156.00'))).status).toBe(200);

    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#7a4a1b' } })
      .jpeg()
      .toBuffer();
    const uploaded = await fetch(`${server.url}/api/commissions/photos`, {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg', 'x-forwarded-for': '203.0.113.250' },
      body: new Uint8Array(photo),
    });
    const { url } = (await uploaded.json()) as { url: string };
    const update = await admin.post(`/api/admin/commissions/${id}/updates`, { text: 'Roughed out; drying for three weeks.', photo: url });
    expect(update.status).toBe(200);
    const mailed = await eventually(
      () => mailTo(email).filter((mail) => mail.parsed.subject === 'News of your commission'),
      (found) => found.length === 1,
      20_000,
    );
    expect(mailed[0]!.parsed.text).toContain('Roughed out; drying for three weeks.');
    expect(mailed[0]!.parsed.html).toContain(`https://shop.example${url}`);
    expect((await buyer().get<Commission>(`/api/commissions/${token}`)).body.updates).toMatchObject([
      { text: 'Roughed out; drying for three weeks.', photo: url },
    ]);
    await eventually(
      () => hooks.received.filter((hook) => hook.body.type === 'commission.updated' && hook.body.data.object.id === id),
      (found) => found.length === 1,
      20_000,
    );

    // Not ready yet: the balance is refused without a charge.
    const early = await buyer().post<ErrorJson>(`/api/commissions/${token}/balance`, {
      amount: '364.00',
      payment: acceptBody(1, '364.00').payment,
    });
    expect(early.status).toBe(409);
    expect(early.body.data.reason).toBe('INVALID_TRANSITION');

    const ready = await admin.request('PATCH', `/api/admin/commissions/${id}`, { status: 'ready' });
    expect(ready.status).toBe(200);
    expect((await buyer().get<Commission>(`/api/commissions/${token}`)).body).toMatchObject({ status: 'ready', due: '364.00' });

    const before = await cardCharges('364.00');
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        buyer().post<Commission & ErrorJson>(`/api/commissions/${token}/balance`, {
          amount: '364.00',
          payment: acceptBody(1, '364.00').payment,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200).length).toBe(1);
    expect(await cardCharges('364.00')).toBe(before + 1);
    const page = await buyer().get<Commission>(`/api/commissions/${token}`);
    expect(page.body).toMatchObject({ status: 'paid', paid: '520.00', due: '0.00', orderStatus: 'completed' });
    expect(await count(`select count(*) as n from payment_ledger where order_id = $1 and state = 'ordered'`, [page.body.orderId])).toBe(2);

    const shipped = await admin.request<Outputs['admin']['orders']['byId']>('PATCH', `/api/orders/${page.body.orderId}/status`, {
      status: 'shipped',
      carrier: 'USPS',
      trackingNumber: '9400111899223344556677',
    });
    expect(shipped.status).toBe(200);
    expect((await buyer().get<Commission>(`/api/commissions/${token}`)).body).toMatchObject({
      orderStatus: 'shipped',
      carrier: 'USPS',
      trackingNumber: '9400111899223344556677',
    });
  }, 60_000);

  it("is not moved by the order's own status change while the balance is due: 409 COMMISSION_ORDER, nothing refunded", async () => {
    const { id, token } = await quoted('ada.byhand@example.com', '100.00');
    const deposit = (await buyer().get<Commission>(`/api/commissions/${token}`)).body.due;
    const accepted = await buyer().post<Commission>(`/api/commissions/${token}/accept`, acceptBody(1, deposit));
    expect(accepted.status).toBe(200);
    const orderId = accepted.body.orderId!;

    for (const status of ['completed', 'cancelled'] as const) {
      const moved = await admin.request<ErrorJson>('PATCH', `/api/orders/${orderId}/status`, { status });
      expect(moved.status, status).toBe(409);
      expect(moved.body.data).toMatchObject({ reason: 'COMMISSION_ORDER', commissionId: id });
      expect(moved.body.message).toContain(`/api/admin/commissions/${id}`);
    }
    // Ready is the commission's move too; as ready, the order still waits for its balance.
    expect((await admin.request('PATCH', `/api/admin/commissions/${id}`, { status: 'ready' })).status).toBe(200);
    const marked = await admin.request<ErrorJson>('PATCH', `/api/orders/${orderId}/status`, { status: 'completed' });
    expect(marked.body.data.reason).toBe('COMMISSION_ORDER');

    expect((await admin.get<Outputs['admin']['orders']['byId']>(`/api/admin/orders/${orderId}`)).body.status).toBe('pending');
    expect(await count(`select count(*) as n from payment_ledger where kind = 'refund' and order_id = $1`, [orderId])).toBe(0);
    expect(await count(`select count(*) as n from order_status_change where order_id = $1`, [orderId])).toBe(0);
    expect((await buyer().get<Commission>(`/api/commissions/${token}`)).body).toMatchObject({ status: 'ready', orderStatus: 'pending' });
  });

  it('cancels before the deposit with nothing to refund', async () => {
    const { id, token } = await quoted('ada.cancel@example.com', '80.00');
    const cancelled = await admin.request('PATCH', `/api/admin/commissions/${id}`, { status: 'cancelled', notes: 'Asked to stop' });
    expect(cancelled.status).toBe(200);
    expect((await buyer().get<Commission>(`/api/commissions/${token}`)).body.status).toBe('cancelled');
    const late = await buyer().post<ErrorJson>(`/api/commissions/${token}/accept`, acceptBody(1, '24.96'));
    expect(late.status).toBe(409);
  });

  it('cancels after the deposit refunding the agreed part once, through the ledger, and cancels the order', async () => {
    // The deposit is what the buyer's page says is due.
    const { id, token } = await quoted('ada.cancelpaid@example.com', '100.00');
    const deposit = (await buyer().get<Commission>(`/api/commissions/${token}`)).body.due;
    const accepted = await buyer().post<Commission>(`/api/commissions/${token}/accept`, acceptBody(1, deposit));
    expect(accepted.status).toBe(200);
    const orderId = accepted.body.orderId!;

    const unnamed = await admin.request<ErrorJson>('PATCH', `/api/admin/commissions/${id}`, { status: 'cancelled' });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.data.issues!.map((issue) => issue.path.join('.'))).toEqual(['refundAmount']);
    const tooMuch = await admin.request<ErrorJson>('PATCH', `/api/admin/commissions/${id}`, {
      status: 'cancelled',
      refundAmount: '999.00',
    });
    expect(tooMuch.status).toBe(400);

    const refunds = () =>
      count(`select coalesce(sum(amount_cents), 0) as n from payment_ledger where kind = 'refund' and order_id = $1`, [orderId]);
    const cancel = () => admin.request('PATCH', `/api/admin/commissions/${id}`, { status: 'cancelled', refundAmount: '20.00' });
    expect((await cancel()).status).toBe(200);
    expect((await cancel()).status).toBe(200);
    expect(await refunds()).toBe(2000);
    const page = await buyer().get<Commission>(`/api/commissions/${token}`);
    expect(page.body).toMatchObject({ status: 'cancelled', refunded: '20.00', orderStatus: 'cancelled' });
  });
});
