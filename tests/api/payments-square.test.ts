import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentUnavailableError } from '../../server/modules/payments/payment-provider';
import { SquareProvider } from '../../server/modules/payments/square.provider';
import { FakeProvider, type RecordedRequest } from '../support/fake-provider';

// The Square connector against a fake of Square's Payments API, answering as Square documents it.

const payments = new Map<string, { id: string; status: string; amount_money: { amount: number; currency: string } }>();
const byKey = new Map<string, string>();

// The fields of Square's requests that the fake reads.
interface CreatePayment {
  source_id: string;
  idempotency_key: string;
  amount_money: { amount: number; currency: string };
}

function squareApi(request: RecordedRequest) {
  if (request.headers.authorization !== 'Bearer sq-token')
    return { status: 401, body: { errors: [{ category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED' }] } };
  if (request.method === 'POST' && request.path === '/v2/payments') {
    const { source_id, idempotency_key, amount_money } = request.body as CreatePayment;
    const earlier = byKey.get(idempotency_key);
    if (earlier) return { status: 200, body: { payment: payments.get(earlier) } };
    if (source_id === 'cnon:card-nonce-declined') {
      return {
        status: 402,
        body: {
          errors: [{ category: 'PAYMENT_METHOD_ERROR', code: 'CARD_DECLINED', detail: 'Card declined.' }],
          payment: { id: 'failed', status: 'FAILED' },
        },
      };
    }
    if (source_id === 'cnon:card-nonce-expired') {
      return { status: 400, body: { errors: [{ category: 'PAYMENT_METHOD_ERROR', code: 'CARD_EXPIRED', detail: 'Card expired.' }] } };
    }
    const payment = { id: `sq_${payments.size + 1}`, status: 'COMPLETED', amount_money };
    payments.set(payment.id, payment);
    byKey.set(idempotency_key, payment.id);
    return { status: 200, body: { payment } };
  }
  const get = /^\/v2\/payments\/(.+)$/.exec(request.path);
  if (request.method === 'GET' && get) {
    const payment = payments.get(get[1]!);
    return payment ? { status: 200, body: { payment } } : { status: 404, body: { errors: [{ code: 'NOT_FOUND', detail: 'Not found' }] } };
  }
  if (request.method === 'POST' && request.path === '/v2/refunds') {
    const payment = payments.get((request.body as { payment_id: string }).payment_id);
    if (!payment) return { status: 404, body: { errors: [{ code: 'NOT_FOUND' }] } };
    payment.status = 'REFUNDED';
    return { status: 200, body: { refund: { id: 'rf_1', status: 'PENDING' } } };
  }
  return { status: 404, body: {} };
}

const fake = new FakeProvider(squareApi);
let square: SquareProvider;
const ctx = {} as never;
beforeAll(async () => {
  await fake.start();
  square = new SquareProvider({ baseUrl: fake.url, accessToken: 'sq-token', locationId: 'LOC1' });
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.requests.length = 0;
  fake.dropNext = 0;
});

describe('the Square connector', () => {
  it('creates a payment in cents with an idempotency key and the location, then reads it back', async () => {
    const result = await square.charge(ctx, { sourceId: 'cnon:card-nonce-ok', amountCents: 4550, idempotencyKey: 'key-1' });
    expect(result).toEqual({ ok: true, payment: { id: expect.any(String) as string, status: 'COMPLETED', amountCents: 4550 } });
    expect(fake.requests[0]!.body).toMatchObject({
      source_id: 'cnon:card-nonce-ok',
      idempotency_key: 'key-1',
      location_id: 'LOC1',
      amount_money: { amount: 4550, currency: 'USD' },
    });
    expect(fake.requests[0]!.headers['square-version']).toBeDefined();
    const id = result.ok ? result.payment.id : '';
    expect(await square.get(ctx, id)).toEqual({ id, status: 'COMPLETED', amountCents: 4550, currency: 'USD' });
    expect(await square.get(ctx, 'nope')).toBeNull();
  });

  it('passes a decline on with Square code, naming CARD_EXPIRED as SPEC.md does', async () => {
    expect(await square.charge(ctx, { sourceId: 'cnon:card-nonce-declined', amountCents: 100, idempotencyKey: 'key-2' })).toEqual({
      ok: false,
      code: 'CARD_DECLINED',
      detail: 'Card declined.',
    });
    expect(await square.charge(ctx, { sourceId: 'cnon:card-nonce-expired', amountCents: 100, idempotencyKey: 'key-3' })).toMatchObject({
      ok: false,
      code: 'EXPIRED_CARD',
    });
  });

  it('retries a dropped request once with the same idempotency key, and charges once', async () => {
    fake.dropNext = 1;
    const result = await square.charge(ctx, { sourceId: 'cnon:card-nonce-ok', amountCents: 999, idempotencyKey: 'key-retry' });
    expect(result.ok).toBe(true);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests.map((request) => (request.body as CreatePayment).idempotency_key)).toEqual(['key-retry', 'key-retry']);
    const again = await square.charge(ctx, { sourceId: 'cnon:card-nonce-ok', amountCents: 999, idempotencyKey: 'key-retry' });
    expect(again.ok && result.ok && again.payment.id === result.payment.id).toBe(true);
  });

  it('reports a network failure as the provider being unreachable', async () => {
    fake.dropNext = 2;
    await expect(square.charge(ctx, { sourceId: 'cnon:card-nonce-ok', amountCents: 100, idempotencyKey: 'key-down' })).rejects.toThrow(
      PaymentUnavailableError,
    );
    expect(fake.requests).toHaveLength(2);
  });

  it('refunds a payment', async () => {
    const result = await square.charge(ctx, { sourceId: 'cnon:card-nonce-ok', amountCents: 2000, idempotencyKey: 'key-refund' });
    const id = result.ok ? result.payment.id : '';
    await square.refund(ctx, id, 2000, 'refund-1');
    expect(fake.requests.at(-1)!.body).toEqual({
      idempotency_key: 'refund-1',
      payment_id: id,
      amount_money: { amount: 2000, currency: 'USD' },
    });
    expect((await square.get(ctx, id))?.status).toBe('REFUNDED');
  });

  it('says so when the credentials are refused', async () => {
    const wrong = new SquareProvider({ baseUrl: fake.url, accessToken: 'bad', locationId: 'LOC1' });
    await expect(wrong.get(ctx, 'sq_1')).rejects.toThrow(PaymentUnavailableError);
  });
});
