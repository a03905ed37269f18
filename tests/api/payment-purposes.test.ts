import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorJson, Outputs } from '../support/api-types';
import { adminBrowser, Browser, type Browser as BrowserType } from '../support/browser';
import { acceptBody, quoteCommission, requestCommission } from '../support/commission-fixtures';
import { sql } from '../support/database';
import { FakePayPal } from '../support/fake-paypal';
import { forwardedClient, insertProduct, orderBody, payByCard, quote } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';

// D35: a payment is for one purpose. A PayPal order the shop made for one thing (a cart's order, commission X's
// deposit or balance) pays only that, for the amount it was made for, and both are checked before PayPal is asked
// to capture: a buyer is refused before any money moves, never captured and then refunded.

type Commission = Outputs['commissions']['get'];

describe('a PayPal order pays what it was made for', () => {
  const paypal = new FakePayPal();
  let shop: TestServer;
  let owner: BrowserType;
  let buyers = 0;
  const buyer = () => forwardedClient(shop.url, `198.51.100.${++buyers}`);
  beforeAll(async () => {
    await paypal.start();
    shop = await startTestServer({ ...paypal.shopSettings(), TRUST_PROXY: 'loopback' });
    owner = await adminBrowser(shop);
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
    await paypal.stop();
  });

  /** A quoted commission: $250.00 + GA tax 4% = $260.00, a 30% deposit of $78.00. */
  async function quoted(email: string) {
    const { id, token } = await requestCommission(buyer(), { email });
    await quoteCommission(owner, id, { lines: [{ description: 'Turned piece', price: '250.00' }] });
    return { id, token };
  }

  /** A PayPal order the shop makes for `amount`, returning to `returnPath`, approved by the buyer at PayPal. */
  async function approvedOrder(amount: string, returnPath?: string) {
    const created = await buyer().post<{ id: string } & ErrorJson>('/api/paypal/order', {
      amount,
      currency: 'USD',
      intent: 'CAPTURE',
      returnPath,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    paypal.approve(created.body.id);
    return created.body.id;
  }

  const capturesOf = (paypalOrderId: string) => [...paypal.captures.values()].filter((capture) => capture.orderId === paypalOrderId);
  const ledgerRowsOf = (paypalOrderId: string) =>
    sql(shop.databaseUrl, `select state from payment_ledger where source_ref = $1`, [paypalOrderId]);
  const accept = (token: string, paypalOrderId: string) =>
    buyer().post<Commission & ErrorJson>(`/api/commissions/${token}/accept`, {
      ...acceptBody(1, '78.00'),
      payment: { method: 'paypal', paypalOrderId },
    });

  it('refuses a PayPal order made for another amount before capturing it: nothing is taken, nothing refunded', async () => {
    const { token } = await quoted('amount.paypal@example.com');
    const paypalOrderId = await approvedOrder('83.00', `/commissions/${token}?payment=deposit`);

    const answer = await accept(token, paypalOrderId);
    expect(answer.status).toBe(400);
    expect(answer.body.data.issues?.[0]?.path).toEqual(['payment', 'paypalOrderId']);
    expect(answer.body.message).toContain('Nothing was charged');
    expect(capturesOf(paypalOrderId)).toEqual([]);
    expect(paypal.refunds).toEqual([]);
    expect(await ledgerRowsOf(paypalOrderId)).toEqual([]);
    // The commission still waits for its deposit, and the buyer may pay it with a new PayPal order.
    expect((await buyer().get<Commission>(`/api/commissions/${token}`)).body).toMatchObject({ status: 'quoted', due: '78.00' });
  });

  it("refuses commission X's PayPal order on commission Y before capturing it, and X's buyer then pays with it", async () => {
    const x = await quoted('x.paypal@example.com');
    const y = await quoted('y.paypal@example.com');
    const xOrder = await approvedOrder('78.00', `/commissions/${x.token}?payment=deposit`);

    const onY = await accept(y.token, xOrder);
    expect(onY.status).toBe(409);
    expect(onY.body.data.reason).toBe('PAYMENT_WRONG_PURPOSE');
    expect(capturesOf(xOrder)).toEqual([]);
    expect((await buyer().get<Commission>(`/api/commissions/${y.token}`)).body.status).toBe('quoted');

    const onX = await accept(x.token, xOrder);
    expect(onX.status, JSON.stringify(onX.body)).toBe(200);
    expect(onX.body).toMatchObject({ status: 'accepted', paid: '78.00' });
    expect(capturesOf(xOrder)).toHaveLength(1);
    const [row] = await sql(shop.databaseUrl, `select purpose, state from payment_ledger where source_ref = $1`, [xOrder]);
    expect(row).toEqual({ purpose: `commission:${x.id}:deposit`, state: 'ordered' });
  });

  it("refuses a commission balance's PayPal order for its deposit, and a commission's order at the checkout's capture", async () => {
    const { token } = await quoted('balance.paypal@example.com');
    const balanceOrder = await approvedOrder('78.00', `/commissions/${token}?payment=balance`);
    const asDeposit = await accept(token, balanceOrder);
    expect(asDeposit.status).toBe(409);
    expect(asDeposit.body.data.reason).toBe('PAYMENT_WRONG_PURPOSE');

    const captured = await buyer().post<ErrorJson>(`/api/paypal/order/${balanceOrder}/capture`);
    expect(captured.status).toBe(409);
    expect(captured.body.data.reason).toBe('PAYMENT_WRONG_PURPOSE');
    expect(capturesOf(balanceOrder)).toEqual([]);
    expect(await ledgerRowsOf(balanceOrder)).toEqual([]);
  });

  it("refuses a checkout's PayPal order on a commission, and a return path whose commission link is forged", async () => {
    const { token } = await quoted('checkout.paypal@example.com');
    const checkoutOrder = await approvedOrder('78.00');
    const answer = await accept(token, checkoutOrder);
    expect(answer.status).toBe(409);
    expect(answer.body.data.reason).toBe('PAYMENT_WRONG_PURPOSE');
    expect(capturesOf(checkoutOrder)).toEqual([]);

    const forged = await buyer().post<ErrorJson>('/api/paypal/order', {
      amount: '78.00',
      currency: 'USD',
      intent: 'CAPTURE',
      returnPath: `/commissions/${token.slice(0, -2)}xx?payment=deposit`,
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toContain('returnPath');
    expect(paypal.calls.filter((call) => call.method === 'POST' && call.path === '/v2/checkout/orders')).toHaveLength(4);
  });
});

describe('a card payment pays what it was charged for', () => {
  let shop: TestServer;

  beforeAll(async () => {
    shop = await startTestServer();
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
  });

  it("refuses to place a cart's order with a payment charged for a commission, before the provider is asked, and keeps it", async () => {
    const browser = new Browser(shop.url);
    const productId = await insertProduct(shop.databaseUrl, { price: '40.00' });
    const q = await quote(browser, [{ productId, quantity: 1 }]);
    const paymentId = await payByCard(browser, q.total);
    const [charged] = await sql(shop.databaseUrl, `select purpose from payment_ledger where payment_id = $1`, [paymentId]);
    expect(charged).toEqual({ purpose: 'order' });
    // The moment between a commission's charge and its order: the payment is captured, for the commission.
    await sql(shop.databaseUrl, `update payment_ledger set purpose = 'commission:1:deposit' where payment_id = $1`, [paymentId]);

    const answer = await browser.post<ErrorJson>('/api/orders', orderBody(q, { squarePaymentId: paymentId }));
    expect(answer.status).toBe(409);
    expect(answer.body.data.reason).toBe('PAYMENT_WRONG_PURPOSE');
    const [kept] = await sql(shop.databaseUrl, `select state, refunded_cents from payment_ledger where payment_id = $1`, [paymentId]);
    expect(kept).toEqual({ state: 'captured', refunded_cents: 0 });
  });
});
