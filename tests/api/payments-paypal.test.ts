import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentDeclinedError, PaymentUnavailableError } from '../../server/modules/payments/payment-provider';
import { PayPalProvider } from '../../server/modules/payments/paypal.provider';
import { FakePayPal } from '../support/fake-paypal';

// The PayPal connector against the one fake of PayPal's Orders v2 API (tests/support/fake-paypal.ts), which answers
// as PayPal documents it: 201 to a new order, no capture before the buyer approves, no refund beyond what is left,
// PENDING captures, expired orders, and access tokens that stop working.

const fake = new FakePayPal('client', 'secret');
let paypal: PayPalProvider;
const ctx = {} as never;
const order = (amountCents: number, requestId: string) =>
  paypal.createOrder(ctx, {
    amountCents,
    requestId,
    returnUrl: 'http://shop.test/checkout/success',
    cancelUrl: 'http://shop.test/checkout/cancel',
  });
/** An order the buyer approved at PayPal. */
const approved = async (amountCents: number, requestId: string) => {
  const created = await order(amountCents, requestId);
  fake.approve(created.id);
  return created;
};
const codeOf = (error: unknown) => (error as PaymentDeclinedError).paymentCode;

beforeAll(async () => {
  await fake.start();
  paypal = new PayPalProvider({ baseUrl: fake.url, clientId: 'client', clientSecret: 'secret' });
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.dropAnswerNext = 0;
});

describe('the PayPal connector', () => {
  it('creates an order (201) with the return and cancel pages, captures it once approved and reads the capture back', async () => {
    const created = await order(5375, 'req-1');
    expect(created).toEqual({
      id: expect.any(String) as string,
      status: 'PAYER_ACTION_REQUIRED',
      approveUrl: expect.stringContaining('checkoutnow') as string,
    });
    expect(fake.orders.get(created.id)).toMatchObject({
      value: '53.75',
      returnUrl: 'http://shop.test/checkout/success',
      cancelUrl: 'http://shop.test/checkout/cancel',
    });
    fake.approve(created.id);

    const capture = await paypal.capture(ctx, created.id, `capture-${created.id}`);
    expect(capture).toEqual({ id: expect.any(String) as string, status: 'COMPLETED', amountCents: 5375 });
    expect(await paypal.getCapture(ctx, capture.id)).toEqual({
      id: capture.id,
      status: 'COMPLETED',
      amountCents: 5375,
      currency: 'USD',
      paypalOrderId: created.id,
    });
    expect(await paypal.getCapture(ctx, 'NOPE')).toBeNull();
    expect(fake.tokenRequests()).toHaveLength(1); // the token is reused until it expires
  });

  it('is refused the capture of an order the buyer has not approved (ORDER_NOT_APPROVED): nothing captured', async () => {
    const created = await order(1500, 'req-unapproved');
    const error = await paypal.capture(ctx, created.id, `capture-${created.id}`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentDeclinedError);
    expect(codeOf(error)).toBe('ORDER_NOT_APPROVED');
    expect([...fake.captures.values()].filter((made) => made.orderId === created.id)).toHaveLength(0);
  });

  it('turns a declined instrument into a PaymentDeclinedError with PayPal issue', async () => {
    const created = await approved(1313, 'req-declined');
    fake.declines.add(created.id);
    const error = await paypal.capture(ctx, created.id, 'cap-declined').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentDeclinedError);
    expect(codeOf(error)).toBe('INSTRUMENT_DECLINED');
  });

  it('a PENDING capture (PayPal holding the money) is not paid: a PaymentDeclinedError PAYMENT_PENDING, no summary', async () => {
    const created = await approved(2500, 'req-pending');
    fake.pending.add(created.id);
    const error = await paypal.capture(ctx, created.id, `capture-${created.id}`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentDeclinedError);
    expect(codeOf(error)).toBe('PAYMENT_PENDING');
    expect((error as Error).message).toMatch(/PENDING: PENDING_REVIEW.*not paid/);
    const held = [...fake.captures.values()].find((made) => made.orderId === created.id)!;
    expect(held.status).toBe('PENDING');
    // Read back, it is PENDING too, which pays for nothing.
    expect(await paypal.getCapture(ctx, held.id)).toMatchObject({ status: 'PENDING' });
  });

  it('an order whose time ran out at PayPal is refused: approved, 422 ORDER_EXPIRED; never approved, it is gone', async () => {
    const late = await approved(4000, 'req-expired');
    fake.expire(late.id);
    const error = await paypal.capture(ctx, late.id, `capture-${late.id}`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentDeclinedError);
    expect(codeOf(error)).toBe('ORDER_EXPIRED');

    const abandoned = await order(4000, 'req-abandoned');
    fake.expire(abandoned.id);
    const gone = await paypal.capture(ctx, abandoned.id, `capture-${abandoned.id}`).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(PaymentDeclinedError);
    expect(codeOf(gone)).toBe('INVALID_RESOURCE_ID');
    expect([...fake.captures.values()].filter((made) => [late.id, abandoned.id].includes(made.orderId))).toHaveLength(0);
  });

  it('when PayPal captured and its answer was lost, the retry with the same PayPal-Request-Id gets the one capture', async () => {
    const created = await approved(2000, 'req-retry');
    const before = fake.captureRequests().length;
    fake.dropAnswerNext = 1;
    const capture = await paypal.capture(ctx, created.id, `capture-${created.id}`);
    expect(capture.status).toBe('COMPLETED');
    expect(fake.captureRequests().length - before).toBe(2);
    // The first attempt captured at PayPal before its answer was lost; the retry got that capture back.
    expect([...fake.captures.values()].filter((made) => made.orderId === created.id).map((made) => made.id)).toEqual([capture.id]);
  });

  it('reports a network failure as PayPal being unreachable', async () => {
    const down = new PayPalProvider({ baseUrl: 'http://127.0.0.1:9', clientId: 'client', clientSecret: 'secret' });
    await expect(
      down.createOrder(ctx, { amountCents: 100, requestId: 'req-down', returnUrl: 'http://a.test', cancelUrl: 'http://a.test' }),
    ).rejects.toThrow(PaymentUnavailableError);
  });

  it('refunds a capture, and is refused more than is left (REFUND_AMOUNT_EXCEEDED): only what was captured goes back', async () => {
    const created = await approved(3000, 'req-refund');
    const capture = await paypal.capture(ctx, created.id, 'cap-refund');
    await paypal.refundCapture(ctx, capture.id, 1000, 'refund-1');
    expect((await paypal.getCapture(ctx, capture.id))?.status).toBe('PARTIALLY_REFUNDED');
    await expect(paypal.refundCapture(ctx, capture.id, 2001, 'refund-2')).rejects.toThrow(/must be less than or equal to/);
    await paypal.refundCapture(ctx, capture.id, 2000, 'refund-3');
    expect(fake.refunds.filter((made) => made.captureId === capture.id).map((made) => made.amount.value)).toEqual(['10.00', '20.00']);
    expect((await paypal.getCapture(ctx, capture.id))?.status).toBe('REFUNDED');
    await expect(paypal.refundCapture(ctx, capture.id, 1, 'refund-4')).rejects.toThrow(PaymentUnavailableError);
  });

  it('when PayPal stops taking its access token (401 invalid_token), asks for a new one and repeats the call once', async () => {
    const created = await approved(1200, 'req-token');
    const tokensBefore = fake.tokenRequests().length;
    fake.expireTokens();
    const capture = await paypal.capture(ctx, created.id, `capture-${created.id}`);
    expect(capture).toMatchObject({ status: 'COMPLETED', amountCents: 1200 });
    expect(fake.tokenRequests().length).toBe(tokensBefore + 1);
    // The refused attempt captured nothing; the repeat, with the same PayPal-Request-Id, captured once.
    expect([...fake.captures.values()].filter((made) => made.orderId === created.id)).toHaveLength(1);
    // The new token is kept: the next call asks for none.
    expect(await paypal.getCapture(ctx, capture.id)).toMatchObject({ status: 'COMPLETED' });
    expect(fake.tokenRequests().length).toBe(tokensBefore + 1);
  });

  it('says so when the credentials are refused', async () => {
    const wrong = new PayPalProvider({ baseUrl: fake.url, clientId: 'client', clientSecret: 'wrong' });
    await expect(wrong.getCapture(ctx, 'CAP1')).rejects.toThrow(/credentials/);
  });
});
