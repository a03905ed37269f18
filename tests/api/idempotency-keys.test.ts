import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call } from '../support/admin-client';
import { adminBrowser, Browser } from '../support/browser';
import { acceptBody, quoteCommission, requestCommission } from '../support/commission-fixtures';
import { sql } from '../support/database';
import { eventually } from '../support/eventually';
import { productStock } from '../support/fixtures';
import { refundShop, type RefundResult } from '../support/refund-shop';
import type { ErrorJson, OrderJson, Outputs } from '../support/api-types';

// D36: the owner's money calls take an Idempotency-Key, as Stripe's API does. The same key and body answer the first
// answer and move no money again; another body under the key is 409 IDEMPOTENCY_KEY_REUSED; a repeat while the first
// still runs is 409 IDEMPOTENCY_KEY_IN_USE. What counts is what Square's fake was asked to give back.

type Commission = Outputs['admin']['commissions']['byId'];

const shop = refundShop();
const { square, paidOrder, squareRefundsOf, refundRequests } = shop;

const withKey = <T>(method: string, path: string, body: unknown, key: string) =>
  call<T>(shop.server, method, path, { cookie: shop.cookie, body, headers: { 'Idempotency-Key': key } });
const refund = (id: number, body: unknown, key: string) => withKey<RefundResult>('POST', `/orders/${id}/refunds`, body, key);
const setStatus = (id: number, body: unknown, key: string) => withKey<OrderJson>('PATCH', `/orders/${id}/status`, body, key);
const changeCommission = (id: number, body: unknown, key: string) => withKey<Commission>('PATCH', `/admin/commissions/${id}`, body, key);
const reasonOf = (answer: { body: unknown }) => (answer.body as ErrorJson).data?.reason;
const orderRefundRows = (orderId: number) =>
  sql<{ id: string }>(shop.server.databaseUrl, 'select id from order_refund where order_id = $1', [orderId]);
const ledgerRefunds = (orderId: number) =>
  sql<{ amount_cents: number }>(
    shop.server.databaseUrl,
    `select amount_cents from payment_ledger where kind = 'refund' and order_id = $1`,
    [orderId],
  );

/** As a process that stopped after the call's work and before its answer was kept leaves its key: claimed, lease over. */
const stopBeforeAnswerKept = (key: string) =>
  sql(
    shop.server.databaseUrl,
    `update idempotency_key set answer = null, lease = gen_random_uuid(), locked_until = now() - interval '1 second' where key = $1`,
    [key],
  );

describe('a partial refund under an Idempotency-Key', () => {
  it('sent again answers the first refund, and Square gives the money back once; another body under the key is 409', async () => {
    const { order, productId, paymentId } = await paidOrder(2);
    const key = randomUUID();
    const body = { amount: '5.00', reason: 'Chipped rim', restock: [{ productId, quantity: 1 }] };
    const stock = await productStock(shop.server.databaseUrl, productId);

    const first = await refund(order.id, body, key);
    expect(first.status).toBe(200);
    expect(first.body.refund).toMatchObject({ amount: '5.00', status: 'refunded' });
    const again = await refund(order.id, body, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    expect(squareRefundsOf(paymentId).map((made) => made.amount_money.amount)).toEqual([500]);
    expect(await orderRefundRows(order.id)).toHaveLength(1);
    expect(await ledgerRefunds(order.id)).toHaveLength(1);
    // The line went back in stock once.
    expect((await productStock(shop.server.databaseUrl, productId)).stock_quantity).toBe(stock.stock_quantity + 1);

    const otherAmount = await refund(order.id, { ...body, amount: '6.00' }, key);
    expect(otherAmount.status).toBe(409);
    expect(reasonOf(otherAmount)).toBe('IDEMPOTENCY_KEY_REUSED');
    const { order: otherOrder } = await paidOrder(1);
    const otherOrderAnswer = await refund(otherOrder.id, body, key);
    expect(reasonOf(otherOrderAnswer)).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(squareRefundsOf(paymentId)).toHaveLength(1);
    expect(await orderRefundRows(otherOrder.id)).toHaveLength(0);

    // A new key is a new refund.
    expect((await refund(order.id, body, randomUUID())).status).toBe(200);
    expect(squareRefundsOf(paymentId)).toHaveLength(2);
  });

  it('two at once with one key make one refund', async () => {
    const { order, paymentId } = await paidOrder(1);
    const key = randomUUID();
    const body = { amount: '4.00', reason: 'Double click' };
    const both = await Promise.all([refund(order.id, body, key), refund(order.id, body, key)]);
    const statuses = both.map((answer) => answer.status);
    expect(statuses).toContain(200);
    for (const answer of both) {
      if (answer.status === 200) expect(answer.body).toEqual(both.find((one) => one.status === 200)!.body);
      else expect([answer.status, reasonOf(answer)]).toEqual([409, 'IDEMPOTENCY_KEY_IN_USE']);
    }
    expect(squareRefundsOf(paymentId).map((made) => made.amount_money.amount)).toEqual([400]);
    expect(await orderRefundRows(order.id)).toHaveLength(1);
  });

  it('sent again while the first still waits for Square is 409 IN_USE; after it, the first answer', async () => {
    const { order, paymentId } = await paidOrder(1);
    const key = randomUUID();
    const body = { amount: '3.00', reason: 'Slow provider' };
    const before = refundRequests();
    square.hang.refund = true;
    let first: Awaited<ReturnType<typeof refund>>;
    try {
      const running = refund(order.id, body, key);
      await eventually(refundRequests, (count) => count > before);
      const during = await refund(order.id, body, key);
      expect(during.status).toBe(409);
      expect(reasonOf(during)).toBe('IDEMPOTENCY_KEY_IN_USE');
      first = await running;
    } finally {
      square.hang.refund = false;
    }
    // Square did not answer in time: the refund is kept pending, as the first answer says.
    expect(first.status).toBe(200);
    expect(first.body.refund.status).toBe('pending');
    const after = await refund(order.id, body, key);
    expect(after.body).toEqual(first.body);
    expect(await orderRefundRows(order.id)).toHaveLength(1);
    expect(await ledgerRefunds(order.id)).toHaveLength(1);

    // The process stopped before it kept the answer: the retry finds the refund by its key, sends it (the same
    // Square key), and answers it.
    await stopBeforeAnswerKept(key);
    const retried = await refund(order.id, body, key);
    expect(retried.status).toBe(200);
    expect(retried.body.refund).toEqual({ ...first.body.refund, status: 'refunded' });
    expect(squareRefundsOf(paymentId).map((made) => made.amount_money.amount)).toEqual([300]);
    expect(await orderRefundRows(order.id)).toHaveLength(1);
  });

  it('is found on its refund when its answer was never kept, and another body is still 409', async () => {
    const { order, paymentId } = await paidOrder(1);
    const key = randomUUID();
    const body = { amount: '2.50', reason: 'Lost answer' };
    const first = await refund(order.id, body, key);
    expect(first.status).toBe(200);

    await stopBeforeAnswerKept(key);
    const retried = await refund(order.id, body, key);
    expect(retried.status).toBe(200);
    expect(retried.body.refund).toEqual(first.body.refund);
    await stopBeforeAnswerKept(key);
    expect(reasonOf(await refund(order.id, { ...body, amount: '2.51' }, key))).toBe('IDEMPOTENCY_KEY_REUSED');
    // The store's row gone too (kept 24 hours): the refund's own row still answers for the key.
    await sql(shop.server.databaseUrl, 'delete from idempotency_key where key = $1', [key]);
    expect(reasonOf(await refund(order.id, { ...body, reason: 'Another' }, key))).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await refund(order.id, body, key)).body.refund).toEqual(first.body.refund);
    expect(squareRefundsOf(paymentId)).toHaveLength(1);
    expect(await orderRefundRows(order.id)).toHaveLength(1);
  });

  it("is read on /trpc too, the admin's own road: its dialog's key sent again over REST answers the same refund", async () => {
    const { order, paymentId } = await paidOrder(1);
    const key = randomUUID();
    const body = { amount: '1.50', reason: 'From the dialog' };
    const viaTrpc = await fetch(`${shop.server.url}/trpc/admin.orders.refund`, {
      method: 'POST',
      headers: { cookie: shop.cookie, 'content-type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify({ id: order.id, ...body }),
    });
    expect(viaTrpc.status).toBe(200);
    const made = ((await viaTrpc.json()) as { result: { data: RefundResult } }).result.data;
    const viaRest = await refund(order.id, body, key);
    expect(viaRest.body).toEqual(made);
    expect(squareRefundsOf(paymentId)).toHaveLength(1);
  });

  it('refuses a key that is not 1 to 255 printable characters with 400 naming the header, and refunds nothing', async () => {
    const { order, paymentId } = await paidOrder(1);
    for (const key of ['k'.repeat(256), 'a\tb']) {
      const answer = await refund(order.id, { amount: '1.00', reason: 'Bad key' }, key);
      expect(answer.status).toBe(400);
      expect((answer.body as unknown as ErrorJson).message).toMatch(/^Idempotency-Key: /);
    }
    expect(squareRefundsOf(paymentId)).toHaveLength(0);
    expect(await orderRefundRows(order.id)).toHaveLength(0);
  });
});

describe("an order's cancel under an Idempotency-Key", () => {
  it('two at once refund once; sent again it answers the first answer; another body is 409', async () => {
    const { order, paymentId } = await paidOrder(1);
    const key = randomUUID();
    const both = await Promise.all([setStatus(order.id, { status: 'cancelled' }, key), setStatus(order.id, { status: 'cancelled' }, key)]);
    expect(both.map((answer) => answer.status)).toContain(200);
    for (const answer of both) {
      if (answer.status === 200) expect(answer.body.status).toBe('cancelled');
      else expect([answer.status, reasonOf(answer)]).toEqual([409, 'IDEMPOTENCY_KEY_IN_USE']);
    }
    const first = both.find((answer) => answer.status === 200)!;
    const again = await setStatus(order.id, { status: 'cancelled' }, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const other = await setStatus(order.id, { status: 'refunded' }, key);
    expect(other.status).toBe(409);
    expect(reasonOf(other)).toBe('IDEMPOTENCY_KEY_REUSED');

    expect(squareRefundsOf(paymentId).map((made) => made.amount_money.amount)).toEqual([Math.round(Number(order.total) * 100)]);
    expect(await ledgerRefunds(order.id)).toHaveLength(1);
  });
});

describe("a commission's cancel under an Idempotency-Key", () => {
  it('two at once refund the agreed part once; sent again it answers the first answer; another amount is 409', async () => {
    const admin = await adminBrowser(shop.server);
    const buyer = new Browser(shop.server.url);
    const { id, token } = await requestCommission(buyer, { email: 'ada.idempotent@example.com' });
    await quoteCommission(admin, id, { lines: [{ description: 'Turned bowl', price: '100.00' }] });
    const deposit = (await buyer.get<{ due: string }>(`/api/commissions/${token}`)).body.due;
    const accepted = await buyer.post<{ orderId: number }>(`/api/commissions/${token}/accept`, acceptBody(1, deposit, square.issueNonce()));
    expect(accepted.status).toBe(200);
    const orderId = accepted.body.orderId;
    const refundsBefore = square.refunds.length;

    const key = randomUUID();
    const body = { status: 'cancelled', refundAmount: '10.00' };
    const both = await Promise.all([changeCommission(id, body, key), changeCommission(id, body, key)]);
    expect(both.map((answer) => answer.status)).toContain(200);
    for (const answer of both) {
      if (answer.status === 200) expect(answer.body).toMatchObject({ status: 'cancelled', refunded: '10.00' });
      else expect([answer.status, reasonOf(answer)]).toEqual([409, 'IDEMPOTENCY_KEY_IN_USE']);
    }
    const first = both.find((answer) => answer.status === 200)!;
    const again = await changeCommission(id, body, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const other = await changeCommission(id, { ...body, refundAmount: '12.00' }, key);
    expect(other.status).toBe(409);
    expect(reasonOf(other)).toBe('IDEMPOTENCY_KEY_REUSED');

    expect(square.refunds.slice(refundsBefore).map((made) => made.amount_money.amount)).toEqual([1000]);
    expect((await ledgerRefunds(orderId)).map((row) => Number(row.amount_cents))).toEqual([1000]);
  });
});
