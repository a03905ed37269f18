import { randomBytes } from 'node:crypto';
import { FakeProvider, type RecordedRequest } from './fake-provider';

// A local fake of Square's Payments API (CreatePayment, GetPayment, RefundPayment) as Square documents it, as
// strict as Square is:
// - Sources: the Sandbox's test payment tokens (developer.squareup.com/docs/testing/test-values):
//   cnon:card-nonce-ok pays, the others fail with the error Square's Sandbox answers for them; and one-time
//   tokens this fake issued, as Square's card-data host issues them to the Web Payments SDK (`issueNonce`, used by
//   the fake square.js): each pays once, and a second use is CARD_TOKEN_USED. Any other source is not found.
// - Idempotency keys: at most 45 characters; the same key with the same request answers what it made the first
//   time; the same key with another request is IDEMPOTENCY_KEY_REUSED (a refused request made nothing and binds
//   no key).
// - Refunds: of `amount_money`, never more than what is left of the payment; the payment stays COMPLETED and
//   says what went back in refunded_money.
// Faults are scripted: `hang` holds requests of a kind unanswered; `hangAfterCreate` makes the payment, then
// never answers; `http.dropNext` drops requests before Square acts, `http.dropAnswerNext` after.

export const SQUARE_TEST_TOKEN_ERRORS: Readonly<Record<string, { status: number; code: string; detail: string }>> = {
  'cnon:card-nonce-declined': { status: 402, code: 'CARD_DECLINED', detail: 'Card declined.' },
  'cnon:card-nonce-rejected-cvv': { status: 402, code: 'CVV_FAILURE', detail: 'Card verification code check failed.' },
  'cnon:card-nonce-rejected-postalcode': {
    status: 402,
    code: 'ADDRESS_VERIFICATION_FAILURE',
    detail: 'Card address verification check failed.',
  },
  'cnon:card-nonce-rejected-expiration': { status: 400, code: 'INVALID_EXPIRATION', detail: 'Invalid card expiration date.' },
  'cnon:card-nonce-already-used': { status: 400, code: 'CARD_TOKEN_USED', detail: 'Card nonce already used; please use another.' },
};

/** Square's documented test token that always pays (reusable, as the Sandbox's test values are). */
export const SQUARE_TEST_TOKEN_OK = 'cnon:card-nonce-ok';

export interface FakeSquarePayment {
  id: string;
  status: string;
  amount_money: { amount: number; currency: string };
  location_id: string;
  reference_id?: string;
  idempotency_key?: string;
  /** Square keeps a refunded payment COMPLETED and says what went back here. */
  refunded_money?: { amount: number; currency: string };
  refund_ids?: string[];
}

interface FakeRefund {
  id: string;
  payment_id: string;
  idempotency_key: string;
  amount_money: { amount: number; currency: string };
}

type Answer = { status: number; body: unknown } | 'hang';

const MAX_IDEMPOTENCY_KEY = 45;

export class FakeSquare {
  readonly payments = new Map<string, FakeSquarePayment>();
  readonly refunds: FakeRefund[] = [];
  hang: { create?: boolean; get?: boolean; refund?: boolean } = {};
  hangAfterCreate = false;
  /** Refuse refunds the way Square does when it will not give money back (a 400 with an error code). */
  refuseRefunds = false;
  readonly http = new FakeProvider((request) => this.route(request));
  /** One-time tokens issued and not yet used. */
  private readonly issued = new Set<string>();
  private readonly used = new Set<string>();
  /** What each idempotency key was first sent with, and what it answered. */
  private readonly keys = new Map<string, { request: string; answer: { status: number; body: unknown } }>();

  constructor(readonly accessToken = 'sq-token') {}

  get url() {
    return this.http.url;
  }

  get requests() {
    return this.http.requests;
  }

  async start() {
    await this.http.start();
    return this;
  }

  stop() {
    return this.http.stop();
  }

  /** The settings of a shop that takes cards through this fake (PAYMENT_PROVIDER=square), at `locationId`. */
  shopSettings(locationId = 'LOC1'): Record<string, string> {
    return {
      PAYMENT_PROVIDER: 'square',
      SQUARE_APPLICATION_ID: 'sandbox-sq0idb-turnery-test',
      SQUARE_ACCESS_TOKEN: this.accessToken,
      SQUARE_LOCATION_ID: locationId,
      SQUARE_BASE_URL: this.url,
    };
  }

  /** A one-time payment token, as Square's card-data host answers the Web Payments SDK for a good card. */
  issueNonce(): string {
    const nonce = `cnon:${randomBytes(12).toString('base64url')}`;
    this.issued.add(nonce);
    return nonce;
  }

  /**
   * A payment taken on the same Square account but not by the shop's checkout (at a market stall, by an invoice):
   * the shop must never count or refund it.
   */
  takeElsewhere(amountCents: number, locationId: string): FakeSquarePayment {
    const payment: FakeSquarePayment = {
      id: this.newPaymentId(),
      status: 'COMPLETED',
      amount_money: { amount: amountCents, currency: 'USD' },
      location_id: locationId,
    };
    this.payments.set(payment.id, payment);
    return payment;
  }

  private route(request: RecordedRequest): Answer {
    if (request.headers.authorization !== `Bearer ${this.accessToken}`)
      return { status: 401, body: { errors: [{ category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED', detail: 'Unauthorized' }] } };
    if (request.method === 'POST' && request.path === '/v2/payments') {
      return this.hang.create ? 'hang' : this.idempotent(request, () => this.createPayment(request));
    }
    const get = /^\/v2\/payments\/([^/?]+)$/.exec(request.path);
    if (request.method === 'GET' && get) {
      if (this.hang.get) return 'hang';
      const payment = this.payments.get(decodeURIComponent(get[1]!));
      return payment ? { status: 200, body: { payment } } : notFound('Payment');
    }
    if (request.method === 'POST' && request.path === '/v2/refunds') {
      return this.hang.refund ? 'hang' : this.idempotent(request, () => this.refund(request));
    }
    return notFound('Endpoint');
  }

  /** Square's idempotency: one key, one request body, one outcome. */
  private idempotent(request: RecordedRequest, act: () => { status: number; body: unknown } | 'hang'): Answer {
    const key = (request.body as { idempotency_key?: unknown }).idempotency_key;
    if (typeof key !== 'string' || key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY) {
      return invalid('VALUE_TOO_LONG', `Field must not be greater than ${MAX_IDEMPOTENCY_KEY} length`, 'idempotency_key');
    }
    const body = JSON.stringify(request.body);
    const earlier = this.keys.get(key);
    if (earlier) {
      return earlier.request === body
        ? earlier.answer
        : invalid('IDEMPOTENCY_KEY_REUSED', 'The idempotency key can only be retried with the same request data.', 'idempotency_key');
    }
    const answer = act();
    // A refused request made nothing: its key may be used again (Square binds a key to what it created).
    if (answer !== 'hang' && answer.status === 200) this.keys.set(key, { request: body, answer });
    return answer;
  }

  private createPayment(request: RecordedRequest): { status: number; body: unknown } | 'hang' {
    const body = request.body as {
      source_id: string;
      idempotency_key: string;
      amount_money: { amount: number; currency: string };
      location_id: string;
      reference_id?: string;
    };
    const error = SQUARE_TEST_TOKEN_ERRORS[body.source_id];
    if (error)
      return { status: error.status, body: { errors: [{ category: 'PAYMENT_METHOD_ERROR', code: error.code, detail: error.detail }] } };
    if (this.used.has(body.source_id)) return invalid('CARD_TOKEN_USED', 'Card nonce already used; please request new nonce.', 'source_id');
    if (body.source_id !== SQUARE_TEST_TOKEN_OK && !this.issued.has(body.source_id)) {
      return { status: 404, body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: 'Card nonce not found' }] } };
    }
    if (body.reference_id !== undefined && body.reference_id.length > 40) {
      return invalid('VALUE_TOO_LONG', 'Field must not be greater than 40 length', 'reference_id');
    }
    if (this.issued.delete(body.source_id)) this.used.add(body.source_id);
    const payment: FakeSquarePayment = {
      id: this.newPaymentId(),
      status: 'COMPLETED',
      amount_money: body.amount_money,
      location_id: body.location_id,
      reference_id: body.reference_id,
      idempotency_key: body.idempotency_key,
    };
    this.payments.set(payment.id, payment);
    const answer = { status: 200, body: { payment } };
    if (this.hangAfterCreate) {
      // The payment is made and its answer never sent; a retry with the same key is answered with it.
      this.keys.set(body.idempotency_key, { request: JSON.stringify(request.body), answer });
      return 'hang';
    }
    return answer;
  }

  private refund(request: RecordedRequest) {
    if (this.refuseRefunds) {
      return { status: 400, body: { errors: [{ category: 'REFUND_ERROR', code: 'REFUND_DECLINED', detail: 'Refund declined.' }] } };
    }
    const body = request.body as { payment_id: string; idempotency_key: string; amount_money?: { amount: number; currency: string } };
    const payment = this.payments.get(body.payment_id);
    if (!payment) return notFound('Payment');
    const amount = body.amount_money?.amount;
    const left = payment.amount_money.amount - (payment.refunded_money?.amount ?? 0);
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
      return invalid('INVALID_VALUE', 'amount_money.amount must be a positive number of cents', 'amount_money.amount');
    }
    if (amount > left) return invalid('REFUND_AMOUNT_INVALID', 'The requested refund amount exceeds the amount available to refund.');
    const refund: FakeRefund = {
      id: `sqrf_${this.refunds.length + 1}`,
      payment_id: payment.id,
      idempotency_key: body.idempotency_key,
      amount_money: { amount, currency: payment.amount_money.currency },
    };
    this.refunds.push(refund);
    payment.refunded_money = { amount: (payment.refunded_money?.amount ?? 0) + amount, currency: payment.amount_money.currency };
    payment.refund_ids = [...(payment.refund_ids ?? []), refund.id];
    return { status: 200, body: { refund: { ...refund, status: 'PENDING' } } };
  }

  private newPaymentId() {
    return `sqpay_${this.payments.size + 1}_${randomBytes(4).toString('hex')}`;
  }
}

function invalid(code: string, detail: string, field?: string) {
  return { status: 400, body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code, detail, ...(field ? { field } : {}) }] } };
}

function notFound(what: string) {
  return { status: 404, body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: `${what} not found.` }] } };
}
