import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/admin-client';
import { Browser } from '../support/browser';
import { renderedEmails } from '../support/outbox';
import { FakeSquare } from '../support/fake-square';
import { insertProduct, orderBody, productStock, quote } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';
import type { OrderJson } from '../support/api-types';

// The owner moves orders through their lifecycle over the REST mirror; refunds go to a fake of Square's API,
// which counts them, so 'refunded once' is what Square saw.

const square = new FakeSquare();
let server: TestServer;
let cookie: string;
beforeAll(async () => {
  await square.start();
  server = await startTestServer({
    ...square.shopSettings(),
    PAYMENT_PROVIDER_TIMEOUT_MS: '1500',
  });
  cookie = await signIn(server);
});
afterAll(async () => {
  await server?.close();
  await square.stop();
});

/** A paid card order of 2 units of a new product with 5 in stock; answers the order and the product. */
async function paidOrder() {
  const productId = await insertProduct(server.databaseUrl, { price: '30.00', stock: 5 });
  const buyer = new Browser(server.url);
  const q = await quote(buyer, [{ productId, quantity: 2 }]);
  const paid = await buyer.post<{ payment: { id: string } }>('/api/square/process-payment', {
    sourceId: square.issueNonce(),
    amount: q.total,
  });
  const order = await buyer.post<OrderJson>('/api/orders', orderBody(q, { squarePaymentId: paid.body.payment.id }));
  expect(order.status).toBe(200);
  return { order: order.body, productId };
}

const move = (id: number, body: Record<string, unknown>) =>
  call<OrderJson & { data?: unknown }>(server, 'PATCH', `/orders/${id}/status`, { cookie, body });
const refundsOf = (paymentId: string) => square.refunds.filter((refund) => refund.payment_id === paymentId);
const history = async (id: number) =>
  (await call<{ from: string; to: string }[]>(server, 'GET', `/admin/orders/${id}/history`, { cookie })).body;
const emailsOf = (id: number, kind: string) =>
  renderedEmails<{ subject: string; text: string }>(
    server.databaseUrl,
    `select subject, text from outbox_email where kind = $1 and subject like $2`,
    [kind, `%#${String(id).padStart(6, '0')}%`],
  );

describe('the order lifecycle', () => {
  it('refuses a move the lifecycle does not have, with 409 and the moves it allows', async () => {
    const { order } = await paidOrder();
    const answer = await move(order.id, { status: 'delivered' });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ data: { reason: 'INVALID_TRANSITION', from: 'completed', allowed: ['shipped', 'cancelled'] } });
    expect((await move(order.id, { status: 'pending' })).status).toBe(409);
  });

  it('ships only with a carrier and a tracking number, emails the customer the tracking link, and keeps the history', async () => {
    const { order } = await paidOrder();
    const noCarrier = await move(order.id, { status: 'shipped', trackingNumber: '9400100000000000000000' });
    expect(noCarrier.status).toBe(400);
    expect(JSON.stringify(noCarrier.body)).toContain('carrier');
    const noNumber = await move(order.id, { status: 'shipped', carrier: 'USPS' });
    expect(noNumber.status).toBe(400);
    expect(JSON.stringify(noNumber.body)).toContain('trackingNumber');

    const shipped = await move(order.id, {
      status: 'shipped',
      carrier: 'USPS',
      trackingNumber: '9400100000000000000000',
      note: 'Boxed with care',
    });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({ status: 'shipped', carrier: 'USPS', trackingUrl: expect.stringContaining('usps.com') as string });
    const [email] = await emailsOf(order.id, 'order-shipped');
    expect(email).toMatchObject({ text: expect.stringContaining('9400100000000000000000') as string });
    expect(await history(order.id)).toMatchObject([{ from: 'completed', to: 'shipped', note: 'Boxed with care' }]);
  });

  it('cancels a paid order once: one refund at Square and the stock back once, however many clicks arrive at once', async () => {
    const { order, productId } = await paidOrder();
    expect(await productStock(server.databaseUrl, productId)).toMatchObject({ stock_quantity: 3 });
    const answers = await Promise.all([1, 2, 3].map(() => move(order.id, { status: 'cancelled' })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.every((answer) => answer.body.status === 'cancelled')).toBe(true);
    const again = await move(order.id, { status: 'cancelled' });
    expect(again.status).toBe(200);

    expect(refundsOf(order.squarePaymentId!)).toHaveLength(1);
    expect(await productStock(server.databaseUrl, productId)).toMatchObject({ stock_quantity: 5 });
    expect(await history(order.id)).toHaveLength(1);
    expect(await emailsOf(order.id, 'order-cancelled')).toHaveLength(1);
    expect((await move(order.id, { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z' })).status).toBe(409);
  });

  it('refunds a delivered order through Square once; a refund Square never answers leaves the order as it was', async () => {
    const { order, productId } = await paidOrder();
    await move(order.id, { status: 'shipped', carrier: 'FedEx', trackingNumber: '771234' });
    await move(order.id, { status: 'delivered' });

    square.hang.refund = true;
    const stuck = await move(order.id, { status: 'refunded' });
    square.hang.refund = false;
    expect(stuck.status).toBe(503);
    expect((await call<OrderJson>(server, 'GET', `/admin/orders/${order.id}`, { cookie })).body.status).toBe('delivered');

    const refunded = await move(order.id, { status: 'refunded' });
    expect(refunded.status).toBe(200);
    expect(refunded.body.status).toBe('refunded');
    // The hung attempt and the retry carried one idempotency key: Square made one refund.
    expect(refundsOf(order.squarePaymentId!)).toHaveLength(1);
    expect(await productStock(server.databaseUrl, productId)).toMatchObject({ stock_quantity: 5 });
    expect((await history(order.id)).map((change) => change.to)).toEqual(['shipped', 'delivered', 'refunded']);
  });

  it('a refund Square refuses leaves the order paid with a message for the owner; a later retry refunds once', async () => {
    const { order, productId } = await paidOrder();
    square.refuseRefunds = true;
    const refused = await move(order.id, { status: 'cancelled' });
    square.refuseRefunds = false;
    expect(refused.status).toBe(503);
    expect(JSON.stringify(refused.body)).toContain('Square refused the refund: Refund declined.');
    expect((await call<OrderJson>(server, 'GET', `/admin/orders/${order.id}`, { cookie })).body.status).toBe('completed');
    expect(await productStock(server.databaseUrl, productId)).toMatchObject({ stock_quantity: 3 });
    expect(await history(order.id)).toHaveLength(0);

    const cancelled = await move(order.id, { status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(refundsOf(order.squarePaymentId!)).toHaveLength(1);
    expect(await productStock(server.databaseUrl, productId)).toMatchObject({ stock_quantity: 5 });
  });

  it('keeps the lifecycle for the owner only', async () => {
    const { order } = await paidOrder();
    expect((await call(server, 'PATCH', `/orders/${order.id}/status`, { body: { status: 'cancelled' } })).status).toBe(401);
    expect((await move(999999, { status: 'cancelled' })).status).toBe(404);
  });
});
