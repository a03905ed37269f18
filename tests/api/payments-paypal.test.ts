import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentDeclinedError, PaymentUnavailableError } from '../../server/modules/payments/payment-provider';
import { PayPalProvider } from '../../server/modules/payments/paypal.provider';
import { FakeProvider, type RecordedRequest } from '../support/fake-provider';

// The PayPal connector against a fake of PayPal's Orders v2 API, answering as PayPal documents it.

const orders = new Map<string, { id: string; status: string; value: string; decline?: string }>();
const captures = new Map<string, { id: string; status: string; amount: { value: string; currency_code: string }; orderId: string }>();
const responsesByRequestId = new Map<string, { status: number; body: unknown }>();
let tokensIssued = 0;

// The fields of PayPal's create-order request that the fake and the tests read.
interface CreateOrder {
  purchase_units: { amount: { currency_code: string; value: string } }[];
  payment_source: { paypal: { experience_context: Record<string, unknown> } };
}

function paypalApi(request: RecordedRequest) {
  if (request.path === '/v1/oauth2/token') {
    const expected = `Basic ${Buffer.from('client:secret').toString('base64')}`;
    if (request.headers.authorization !== expected || request.body !== 'grant_type=client_credentials')
      return { status: 401, body: { error: 'invalid_client' } };
    tokensIssued += 1;
    return { status: 200, body: { access_token: 'pp-token', token_type: 'Bearer', expires_in: 32400 } };
  }
  if (request.headers.authorization !== 'Bearer pp-token') return { status: 401, body: { name: 'AUTHENTICATION_FAILURE' } };
  const requestId = request.headers['paypal-request-id'] as string | undefined;
  if (requestId && responsesByRequestId.has(requestId)) return responsesByRequestId.get(requestId)!;
  const answer = route(request);
  if (requestId) responsesByRequestId.set(requestId, answer);
  return answer;
}

function route(request: RecordedRequest): { status: number; body: unknown } {
  if (request.method === 'POST' && request.path === '/v2/checkout/orders') {
    const value = (request.body as CreateOrder).purchase_units[0]!.amount.value;
    const id = `PP${orders.size + 1}`;
    orders.set(id, { id, status: 'PAYER_ACTION_REQUIRED', value, decline: value === '13.13' ? 'INSTRUMENT_DECLINED' : undefined });
    return {
      status: 200,
      body: {
        id,
        status: 'PAYER_ACTION_REQUIRED',
        links: [{ href: `https://paypal.example/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' }],
      },
    };
  }
  const capture = /^\/v2\/checkout\/orders\/(.+)\/capture$/.exec(request.path);
  if (request.method === 'POST' && capture) {
    const order = orders.get(capture[1]!);
    if (!order)
      return { status: 404, body: { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Not found' }] } };
    if (order.decline)
      return {
        status: 422,
        body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: order.decline, description: 'The instrument presented was declined.' }] },
      };
    if (order.status === 'COMPLETED')
      return {
        status: 422,
        body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED', description: 'Already captured' }] },
      };
    order.status = 'COMPLETED';
    const made = {
      id: `CAP${captures.size + 1}`,
      status: 'COMPLETED',
      amount: { value: order.value, currency_code: 'USD' },
      orderId: order.id,
    };
    captures.set(made.id, made);
    return {
      status: 201,
      body: {
        id: order.id,
        status: 'COMPLETED',
        purchase_units: [{ payments: { captures: [{ id: made.id, status: made.status, amount: made.amount }] } }],
      },
    };
  }
  const get = /^\/v2\/payments\/captures\/([^/]+)$/.exec(request.path);
  if (request.method === 'GET' && get) {
    const made = captures.get(get[1]!);
    if (!made) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
    return {
      status: 200,
      body: { id: made.id, status: made.status, amount: made.amount, supplementary_data: { related_ids: { order_id: made.orderId } } },
    };
  }
  const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(request.path);
  if (request.method === 'POST' && refund) {
    const made = captures.get(refund[1]!);
    if (!made) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
    made.status = 'REFUNDED';
    return { status: 201, body: { id: 'RF1', status: 'COMPLETED' } };
  }
  return { status: 404, body: {} };
}

const fake = new FakeProvider(paypalApi);
let paypal: PayPalProvider;
const ctx = {} as never;
const order = (amountCents: number, requestId: string) =>
  paypal.createOrder(ctx, {
    amountCents,
    requestId,
    returnUrl: 'http://shop.test/checkout/success',
    cancelUrl: 'http://shop.test/checkout/cancel',
  });

beforeAll(async () => {
  await fake.start();
  paypal = new PayPalProvider({ baseUrl: fake.url, clientId: 'client', clientSecret: 'secret' });
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.requests.length = 0;
  fake.dropNext = 0;
  fake.dropAnswerNext = 0;
});

describe('the PayPal connector', () => {
  it('creates an order with the return and cancel pages, captures it and reads the capture back', async () => {
    const created = await order(5375, 'req-1');
    expect(created).toEqual({
      id: expect.any(String) as string,
      status: 'PAYER_ACTION_REQUIRED',
      approveUrl: expect.stringContaining('checkoutnow') as string,
    });
    const create = fake.requests.find((request) => request.path === '/v2/checkout/orders')!;
    expect(create.headers['paypal-request-id']).toBe('req-1');
    const sent = create.body as CreateOrder;
    expect(sent.purchase_units[0]!.amount).toEqual({ currency_code: 'USD', value: '53.75' });
    expect(sent.payment_source.paypal.experience_context).toMatchObject({
      return_url: 'http://shop.test/checkout/success',
      cancel_url: 'http://shop.test/checkout/cancel',
    });

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
    expect(tokensIssued).toBe(1); // the token is reused until it expires
  });

  it('turns a declined instrument into a PaymentDeclinedError with PayPal issue', async () => {
    const created = await order(1313, 'req-declined');
    const error = await paypal.capture(ctx, created.id, 'cap-declined').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentDeclinedError);
    expect((error as PaymentDeclinedError).paymentCode).toBe('INSTRUMENT_DECLINED');
  });

  it('when PayPal captured and its answer was lost, the retry with the same PayPal-Request-Id gets the one capture', async () => {
    const created = await order(2000, 'req-retry');
    fake.requests.length = 0;
    fake.dropAnswerNext = 1;
    const capture = await paypal.capture(ctx, created.id, `capture-${created.id}`);
    expect(capture.status).toBe('COMPLETED');
    const attempts = fake.requests.filter((request) => request.path.endsWith('/capture'));
    expect(attempts.map((request) => request.headers['paypal-request-id'])).toEqual([`capture-${created.id}`, `capture-${created.id}`]);
    // The first attempt captured at PayPal before its answer was lost; the retry got that capture back.
    expect([...captures.values()].filter((made) => made.orderId === created.id).map((made) => made.id)).toEqual([capture.id]);
  });

  it('reports a network failure as PayPal being unreachable', async () => {
    fake.dropNext = 2;
    await expect(order(100, 'req-down')).rejects.toThrow(PaymentUnavailableError);
  });

  it('refunds a capture', async () => {
    const created = await order(3000, 'req-refund');
    const capture = await paypal.capture(ctx, created.id, 'cap-refund');
    await paypal.refundCapture(ctx, capture.id, 3000, 'refund-1');
    expect(fake.requests.at(-1)!.headers['paypal-request-id']).toBe('refund-1');
    expect((await paypal.getCapture(ctx, capture.id))?.status).toBe('REFUNDED');
  });

  it('says so when the credentials are refused', async () => {
    const wrong = new PayPalProvider({ baseUrl: fake.url, clientId: 'client', clientSecret: 'wrong' });
    await expect(wrong.getCapture(ctx, 'CAP1')).rejects.toThrow(/credentials/);
  });
});
