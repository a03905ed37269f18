import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentUnavailableError } from '../../server/modules/payments/payment-provider';
import { SquareProvider } from '../../server/modules/payments/square.provider';
import { FakeSquare } from '../support/fake-square';
import { SQUARE_TEST_TOKEN_OK } from '../support/square-answers';

// The Square connector against the fake of Square's Payments API, which answers as Square documents it: one-time
// tokens, 45-character idempotency keys bound to one request, declines with the FAILED payment and its card's
// fingerprint, CreatePayment's amount and location checked, 429 and 5xx when Square throttles or fails, refunds of
// an amount, a refunded payment kept COMPLETED with refunded_money.

interface CreatePayment {
  source_id: string;
  idempotency_key: string;
  reference_id: string;
  location_id: string;
  amount_money: { amount: number; currency: string };
}

const fake = new FakeSquare('sq-token');
let square: SquareProvider;
const ctx = {} as never;
beforeAll(async () => {
  await fake.start();
  fake.locations.add('LOC2'); // the seller's second location (a market stall's)
  square = new SquareProvider({ baseUrl: fake.url, accessToken: 'sq-token', locationId: 'LOC1' });
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.requests.length = 0;
  fake.http.dropNext = 0;
  fake.http.dropAnswerNext = 0;
  fake.failCreatePayment(undefined);
});

const charges = () => fake.requests.filter((request) => request.method === 'POST' && request.path === '/v2/payments');

describe('the Square connector', () => {
  it("creates a payment in cents with an idempotency key, the location and the shop's reference, then reads it back", async () => {
    const sourceId = fake.issueNonce();
    const result = await square.charge(ctx, { sourceId, amountCents: 4550, idempotencyKey: 'key-1' });
    expect(result).toEqual({ ok: true, payment: { id: expect.any(String) as string, status: 'COMPLETED', amountCents: 4550 } });
    const sent = charges()[0]!.body as CreatePayment;
    expect(sent).toMatchObject({
      source_id: sourceId,
      idempotency_key: 'key-1',
      location_id: 'LOC1',
      amount_money: { amount: 4550, currency: 'USD' },
    });
    expect(sent.reference_id).toMatch(/^turnery:/);
    expect(sent.reference_id.length).toBeLessThanOrEqual(40);
    expect(charges()[0]!.headers['square-version']).toBeDefined();
    const id = result.ok ? result.payment.id : '';
    expect(await square.get(ctx, id)).toEqual({ id, status: 'COMPLETED', amountCents: 4550, currency: 'USD' });
    expect(await square.get(ctx, 'nope')).toBeNull();
  });

  it("counts no payment the shop's checkout did not take: another location's, or one without the shop's reference", async () => {
    const stall = fake.takeElsewhere(2500, 'LOC1');
    expect(await square.get(ctx, stall.id)).toBeNull();
    const elsewhere = await new SquareProvider({ baseUrl: fake.url, accessToken: 'sq-token', locationId: 'LOC2' }).charge(ctx, {
      sourceId: fake.issueNonce(),
      amountCents: 2500,
      idempotencyKey: 'key-loc2',
    });
    expect(elsewhere.ok).toBe(true);
    expect(await square.get(ctx, elsewhere.ok ? elsewhere.payment.id : '')).toBeNull();
  });

  it("passes a decline on with Square's code and the card's fingerprint, naming INVALID_EXPIRATION as EXPIRED_CARD", async () => {
    expect(await square.charge(ctx, { sourceId: 'cnon:card-nonce-declined', amountCents: 100, idempotencyKey: 'key-2' })).toEqual({
      ok: false,
      code: 'CARD_DECLINED',
      detail: 'Card declined.',
      fingerprint: 'sq-1-sandbox-declined',
    });
    // Square made the FAILED payment its answer carried; read back, it pays for nothing.
    const failed = [...fake.payments.values()].find((payment) => payment.idempotency_key === 'key-2')!;
    expect(failed).toMatchObject({ status: 'FAILED', card_details: { card: { fingerprint: 'sq-1-sandbox-declined' } } });
    expect(await square.get(ctx, failed.id)).toMatchObject({ status: 'FAILED' });
    expect(
      await square.charge(ctx, { sourceId: 'cnon:card-nonce-rejected-expiration', amountCents: 100, idempotencyKey: 'key-3' }),
    ).toMatchObject({ ok: false, code: 'EXPIRED_CARD' });
  });

  it('is refused a token it made up, and a one-time token used twice', async () => {
    expect(await square.charge(ctx, { sourceId: 'cnon:made-up', amountCents: 100, idempotencyKey: 'key-made-up' })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    const once = fake.issueNonce();
    expect((await square.charge(ctx, { sourceId: once, amountCents: 100, idempotencyKey: 'key-once-1' })).ok).toBe(true);
    expect(await square.charge(ctx, { sourceId: once, amountCents: 100, idempotencyKey: 'key-once-2' })).toMatchObject({
      ok: false,
      code: 'CARD_TOKEN_USED',
    });
  });

  it('sends idempotency keys Square takes: at most 45 characters, however long the shop key', async () => {
    const long = 'k'.repeat(64);
    const result = await square.charge(ctx, { sourceId: SQUARE_TEST_TOKEN_OK, amountCents: 700, idempotencyKey: long });
    expect(result.ok).toBe(true);
    expect((charges()[0]!.body as CreatePayment).idempotency_key).toHaveLength(45);
  });

  it('retries a request dropped before Square acted once, with the same idempotency key, and charges once', async () => {
    fake.http.dropNext = 1;
    const result = await square.charge(ctx, { sourceId: fake.issueNonce(), amountCents: 999, idempotencyKey: 'key-retry' });
    expect(result.ok).toBe(true);
    expect(charges().map((request) => (request.body as CreatePayment).idempotency_key)).toEqual(['key-retry', 'key-retry']);
    expect([...fake.payments.values()].filter((payment) => payment.idempotency_key === 'key-retry')).toHaveLength(1);
  });

  it('when Square took the money and its answer was lost, the retry answers that payment: one charge', async () => {
    fake.http.dropAnswerNext = 1;
    const result = await square.charge(ctx, { sourceId: fake.issueNonce(), amountCents: 1234, idempotencyKey: 'key-lost-answer' });
    expect(result.ok).toBe(true);
    expect(charges()).toHaveLength(2);
    const made = [...fake.payments.values()].filter((payment) => payment.idempotency_key === 'key-lost-answer');
    expect(made.map((payment) => payment.id)).toEqual([result.ok ? result.payment.id : '']);
  });

  it('reports a network failure as the provider being unreachable', async () => {
    fake.http.dropNext = 2;
    await expect(square.charge(ctx, { sourceId: fake.issueNonce(), amountCents: 100, idempotencyKey: 'key-down' })).rejects.toThrow(
      PaymentUnavailableError,
    );
    expect(charges()).toHaveLength(2);
  });

  it('refunds an amount once, even when the answer is lost; the payment stays COMPLETED with what went back', async () => {
    const result = await square.charge(ctx, { sourceId: fake.issueNonce(), amountCents: 2000, idempotencyKey: 'key-refund' });
    const id = result.ok ? result.payment.id : '';
    fake.http.dropAnswerNext = 1;
    await square.refund(ctx, id, 2000, 'refund-1');
    expect(fake.requests.at(-1)!.body).toEqual({
      idempotency_key: 'refund-1',
      payment_id: id,
      amount_money: { amount: 2000, currency: 'USD' },
    });
    expect(fake.refunds.filter((refund) => refund.payment_id === id)).toHaveLength(1);
    expect(fake.payments.get(id)).toMatchObject({ status: 'COMPLETED', refunded_money: { amount: 2000 } });
    expect((await square.get(ctx, id))?.status).toBe('REFUNDED');
    await expect(square.refund(ctx, id, 100, 'refund-2')).rejects.toThrow(PaymentUnavailableError);
  });

  it('says so when the credentials are refused', async () => {
    const wrong = new SquareProvider({ baseUrl: fake.url, accessToken: 'bad', locationId: 'LOC1' });
    await expect(wrong.get(ctx, 'sq_1')).rejects.toThrow(PaymentUnavailableError);
    // A charge with refused credentials is no decline of the card: the provider is unavailable to the shop.
    await expect(wrong.charge(ctx, { sourceId: fake.issueNonce(), amountCents: 100, idempotencyKey: 'key-bad-token' })).rejects.toThrow(
      PaymentUnavailableError,
    );
  });

  it('a throttled CreatePayment (429 RATE_LIMITED) is repeated once after a short wait, then given up as unavailable', async () => {
    fake.failCreatePayment(429, 1);
    const paid = await square.charge(ctx, { sourceId: fake.issueNonce(), amountCents: 321, idempotencyKey: 'key-throttled-once' });
    expect(paid.ok).toBe(true);
    expect(charges()).toHaveLength(2);

    fake.requests.length = 0;
    fake.failCreatePayment(429);
    const throttled = square.charge(ctx, { sourceId: fake.issueNonce(), amountCents: 321, idempotencyKey: 'key-throttled' });
    await expect(throttled).rejects.toThrow(PaymentUnavailableError);
    await expect(throttled).rejects.toThrow(/429 RATE_LIMITED/);
    expect(charges()).toHaveLength(2);
    expect([...fake.payments.values()].filter((payment) => payment.idempotency_key === 'key-throttled')).toHaveLength(0);
  });

  it.each([500, 503] as const)('Square failing (%i API_ERROR) twice is the provider unavailable, never a decline', async (status) => {
    fake.failCreatePayment(status);
    await expect(
      square.charge(ctx, { sourceId: fake.issueNonce(), amountCents: 100, idempotencyKey: `key-fault-${status}` }),
    ).rejects.toThrow(PaymentUnavailableError);
    expect(charges()).toHaveLength(2);
  });

  it("refuses, as Square does, an amount that is not a positive integer of USD cents or a location not the seller's", async () => {
    const answer = async (body: Record<string, unknown>) => {
      const response = await fetch(`${fake.url}/v2/payments`, {
        method: 'POST',
        headers: { authorization: 'Bearer sq-token', 'content-type': 'application/json' },
        body: JSON.stringify({
          source_id: SQUARE_TEST_TOKEN_OK,
          location_id: 'LOC1',
          amount_money: { amount: 100, currency: 'USD' },
          ...body,
        }),
      });
      return { status: response.status, body: (await response.json()) as { errors: { code: string; field?: string }[] } };
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ idempotency_key: 'bad-1', amount_money: { amount: 0, currency: 'USD' } }, 'VALUE_TOO_LOW', 'amount_money.amount'],
      [{ idempotency_key: 'bad-2', amount_money: { amount: 10.5, currency: 'USD' } }, 'EXPECTED_INTEGER', 'amount_money.amount'],
      [{ idempotency_key: 'bad-3', amount_money: { amount: 100, currency: 'EUR' } }, 'INVALID_VALUE', 'amount_money.currency'],
      [{ idempotency_key: 'bad-4', location_id: 'NOPE' }, 'LOCATION_MISMATCH', 'location_id'],
    ];
    for (const [body, code, field] of cases) {
      expect(await answer(body)).toMatchObject({ status: 400, body: { errors: [{ code, field }] } });
    }
    expect([...fake.payments.values()].filter((payment) => payment.idempotency_key?.startsWith('bad-'))).toHaveLength(0);
    // The shop's own fields refused is the shop's fault, not the card's: the provider is unavailable, no decline.
    const elsewhere = new SquareProvider({ baseUrl: fake.url, accessToken: 'sq-token', locationId: 'NOT-THE-SELLERS' });
    await expect(elsewhere.charge(ctx, { sourceId: fake.issueNonce(), amountCents: 100, idempotencyKey: 'key-loc' })).rejects.toThrow(
      PaymentUnavailableError,
    );
  });
});
