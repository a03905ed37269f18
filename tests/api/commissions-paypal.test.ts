import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorJson, Outputs } from '../support/api-types';
import { adminBrowser, type Browser } from '../support/browser';
import { acceptBody, quoteCommission, requestCommission } from '../support/commission-fixtures';
import { sql } from '../support/database';
import { FakePayPal } from '../support/fake-paypal';
import { forwardedClient } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';

// A commission's deposit paid with PayPal (issue 37): the approved PayPal order captured once however many accepts
// arrive at once, and the commission's order paid with PayPal.

type Commission = Outputs['commissions']['get'];

describe('the deposit by PayPal', () => {
  // The shop's PayPal payments at a fake of PayPal's Orders API, as strict as PayPal about approval and capture.
  const paypal = new FakePayPal();
  let shop: TestServer;
  let owner: Browser;
  let buyers = 0;
  const paypalBuyer = () => forwardedClient(shop.url, `198.51.100.${++buyers}`);
  beforeAll(async () => {
    await paypal.start();
    shop = await startTestServer({
      ...paypal.shopSettings(),
      TRUST_PROXY: 'loopback',
    });
    owner = await adminBrowser(shop);
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
    await paypal.stop();
  });

  it('captures the approved PayPal order once under two accepts at once: one capture, one order, paid with PayPal', async () => {
    const { id, token } = await requestCommission(paypalBuyer(), { email: 'ada.paypal@example.com' });
    await quoteCommission(owner, id, { lines: [{ description: 'Turned piece', price: '250.00' }] });
    // $250.00 + GA tax 4% = $260.00; 30% deposit = $78.00.
    expect((await paypalBuyer().get<Commission>(`/api/commissions/${token}`)).body.due).toBe('78.00');
    const created = await paypalBuyer().post<{ id: string }>('/api/paypal/order', {
      amount: '78.00',
      currency: 'USD',
      intent: 'CAPTURE',
      returnPath: `/commissions/${token}?payment=deposit`,
    });
    expect(created.status).toBe(200);
    const paypalOrderId = created.body.id;
    const body = { ...acceptBody(1, '78.00'), payment: { method: 'paypal', paypalOrderId } };

    // The buyer approves at PayPal; the page then sends the accept, twice at once (two tabs, or a double click).
    paypal.approve(paypalOrderId);
    const answers = await Promise.all(
      [1, 2].map(() => paypalBuyer().post<Commission & ErrorJson>(`/api/commissions/${token}/accept`, body)),
    );
    const won = answers.filter((answer) => answer.status === 200);
    expect(won.length, JSON.stringify(answers.map((answer) => answer.body))).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((one) => one.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(['PAYMENT_IN_PROGRESS', 'ALREADY_PAID']).toContain(answer.body.data.reason);
    }
    const orderId = won[0]!.body.orderId!;
    for (const answer of won) expect(answer.body.orderId).toBe(orderId);
    // A repeat once it is done answers the same commission.
    const again = await paypalBuyer().post<Commission>(`/api/commissions/${token}/accept`, body);
    expect(again.status).toBe(200);
    expect(again.body.orderId).toBe(orderId);

    const captured = [...paypal.captures.values()].filter((capture) => capture.orderId === paypalOrderId);
    expect(captured).toHaveLength(1);
    expect(captured[0]!.amount.value).toBe('78.00');
    expect(paypal.refunds).toHaveLength(0);
    const rows = await sql<{ state: string; payment_id: string; amount_cents: number }>(
      shop.databaseUrl,
      `select state, payment_id, amount_cents from payment_ledger where order_id = $1 or payment_id = $2`,
      [orderId, captured[0]!.id],
    );
    expect(rows).toEqual([{ state: 'ordered', payment_id: captured[0]!.id, amount_cents: 7800 }]);
    const order = await owner.get<Outputs['admin']['orders']['byId']>(`/api/admin/orders/${orderId}`);
    expect(order.body).toMatchObject({ kind: 'commission', status: 'pending', paymentMethod: 'paypal', paypalCaptureId: captured[0]!.id });
    expect((await paypalBuyer().get<Commission>(`/api/commissions/${token}`)).body).toMatchObject({
      status: 'accepted',
      paid: '78.00',
      due: '0.00',
    });
  }, 60_000);
});
