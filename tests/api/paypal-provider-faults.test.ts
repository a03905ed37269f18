import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '../support/browser';
import { sql } from '../support/database';
import { eventually } from '../support/eventually';
import { countRows, insertProduct, orderBody, quote } from '../support/fixtures';
import { FakePayPal } from '../support/fake-paypal';
import { startTestServer, type TestServer } from '../support/test-server';
import type { ErrorJson, OrderJson } from '../support/api-types';

// The shop against PayPal as it really behaves beyond the happy path (the one fake, tests/support/fake-paypal.ts):
// a capture PayPal holds PENDING pays for nothing, an order whose time ran out places nothing, and an access token
// PayPal stops taking mid-life is renewed without the buyer noticing.

const paypal = new FakePayPal();
let server: TestServer;
beforeAll(async () => {
  await paypal.start();
  server = await startTestServer(paypal.shopSettings());
});
afterAll(async () => {
  await server?.close();
  await paypal.stop();
});

/** A buyer's checkout up to PayPal's approval page, and the buyer's approval there. */
async function approvedAtPayPal() {
  const buyer = new Browser(server.url);
  const productId = await insertProduct(server.databaseUrl, { price: '30.00', stock: 5 });
  const q = await quote(buyer, [{ productId, quantity: 1 }]);
  const { paymentMethod: _m, paypalOrderId: _o, paypalCaptureId: _c, squarePaymentId: _s, ...checkout } = orderBody(q, {});
  const created = await buyer.post<{ id: string }>('/api/paypal/order', { amount: q.total, checkout });
  expect(created.status).toBe(200);
  paypal.approve(created.body.id);
  return { id: created.body.id, total: q.total };
}

const complete = (id: string) => new Browser(server.url).post<OrderJson & ErrorJson>(`/api/paypal/order/${id}/complete`);
/** The ledger's rows of money the shop counts as taken for this PayPal order. */
const taken = (paypalOrderId: string) =>
  sql(server.databaseUrl, `select state from payment_ledger where source_ref = $1 and state in ('captured', 'ordered')`, [paypalOrderId]);

describe('PayPal beyond the happy path', () => {
  it('a capture PayPal holds PENDING places no order and counts no money taken', async () => {
    const { id } = await approvedAtPayPal();
    paypal.pending.add(id);
    const ordersBefore = await countRows(server.databaseUrl, 'shop_order');
    const answer = await complete(id);
    expect(answer.status).toBe(402);
    expect(answer.body.data.paymentCode).toBe('PAYMENT_PENDING');
    expect([...paypal.captures.values()].filter((made) => made.orderId === id).map((made) => made.status)).toEqual(['PENDING']);
    expect(await countRows(server.databaseUrl, 'shop_order')).toBe(ordersBefore);
    expect(await taken(id)).toEqual([]);
  });

  it('refunds, at the recovery pass, a capture PayPal held and completed later: the buyer was told it was not paid', async () => {
    const { id, total } = await approvedAtPayPal();
    paypal.pending.add(id);
    expect((await complete(id)).status).toBe(402);
    const [held] = [...paypal.captures.values()].filter((made) => made.orderId === id);
    const [row] = await sql(server.databaseUrl, `select state, payment_id from payment_ledger where source_ref = $1`, [id]);
    expect(row).toEqual({ state: 'charging', payment_id: held!.id });

    // PayPal completes the capture after its review; the next recovery pass (an instance starting runs one) gives it back.
    held!.status = 'COMPLETED';
    const again = await startTestServer({ ...paypal.shopSettings(), DATABASE_URL: server.databaseUrl, PAYMENT_RECOVERY_AFTER_MS: '0' });
    try {
      const settled = await eventually(
        () => sql(server.databaseUrl, `select state, refunded_cents from payment_ledger where source_ref = $1`, [id]),
        (rows) => rows[0]?.state === 'refunded',
      );
      expect(settled).toEqual([{ state: 'refunded', refunded_cents: Math.round(Number(total) * 100) }]);
      expect(paypal.refunds.filter((refund) => refund.captureId === held!.id).map((refund) => refund.amount.value)).toEqual([total]);
    } finally {
      await again.close();
    }
  });

  it('an approved order whose time ran out at PayPal (ORDER_EXPIRED) places no order and captures nothing', async () => {
    const { id } = await approvedAtPayPal();
    paypal.expire(id);
    const ordersBefore = await countRows(server.databaseUrl, 'shop_order');
    const answer = await complete(id);
    expect(answer.status).toBe(402);
    expect(answer.body.data.paymentCode).toBe('ORDER_EXPIRED');
    expect([...paypal.captures.values()].filter((made) => made.orderId === id)).toHaveLength(0);
    expect(await countRows(server.databaseUrl, 'shop_order')).toBe(ordersBefore);
    expect(await taken(id)).toEqual([]);
  });

  it('an access token PayPal stops taking (401 invalid_token) is renewed once and the order placed', async () => {
    const { id, total } = await approvedAtPayPal();
    const tokensBefore = paypal.tokenRequests().length;
    paypal.expireTokens();
    const answer = await complete(id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ total, paymentMethod: 'paypal', paypalOrderId: id });
    expect(paypal.tokenRequests().length).toBe(tokensBefore + 1);
    expect([...paypal.captures.values()].filter((made) => made.orderId === id).map((made) => made.status)).toEqual(['COMPLETED']);
    expect(await taken(id)).toHaveLength(1);
  });
});
