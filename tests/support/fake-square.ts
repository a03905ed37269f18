import { randomBytes } from 'node:crypto';
import { FakeProvider, type RecordedRequest } from './fake-provider';
import {
  SQUARE_DECLINES,
  SQUARE_FAULTS,
  SQUARE_TEST_TOKEN_ERRORS,
  SQUARE_TEST_TOKEN_OK,
  type FakeRefund,
  type FakeSquareCard,
  type FakeSquarePayment,
  type SquareFaultStatus,
} from './square-answers';

// A local fake of Square's Payments API (CreatePayment, GetPayment, RefundPayment) as Square documents it, as
// strict as Square is:
// - Sources: the Sandbox's test payment tokens (developer.squareup.com/docs/testing/test-values):
//   cnon:card-nonce-ok pays, the others fail with the error Square's Sandbox answers for them; and one-time
//   tokens this fake issued, as Square's card-data host issues them to the Web Payments SDK (`issueNonce`, used by
//   the fake square.js), each for a card (its fingerprint) that pays or that the bank declines: each token is used
//   once, and a second use is CARD_TOKEN_USED. Any other source is not found.
// - A decline (PAYMENT_METHOD_ERROR) makes a FAILED payment, and the answer carries it beside the error, with the
//   card's fingerprint (card_details.card.fingerprint), as Square's does: the shop counts declines per card by it.
// - CreatePayment's own fields: amount_money a positive integer of cents in USD, location_id one of the seller's
//   locations (`locations`; `shopSettings` adds the shop's), source_id present; otherwise 400
//   INVALID_REQUEST_ERROR naming the field, and nothing is made.
// - Idempotency keys: at most 45 characters; the same key with the same request answers what it made the first
//   time (a payment, or a FAILED one); the same key with another request is IDEMPOTENCY_KEY_REUSED (a refused
//   request made nothing and binds no key).
// - Refunds: of `amount_money`, never more than what is left of the payment; the payment stays COMPLETED and
//   says what went back in refunded_money.
// Faults are scripted: `failCreatePayment` answers CreatePayment with Square's 429 (RATE_LIMIT_ERROR), 5xx
// (API_ERROR) or 401 (a revoked access token, AUTHENTICATION_ERROR); `hang` holds requests of a kind unanswered;
// `hangAfterCreate` makes the payment, then never answers; `http.dropNext` drops requests before Square acts,
// `http.dropAnswerNext` after.

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
  /** The seller's locations: a CreatePayment for another is refused. `shopSettings` adds the shop's. */
  readonly locations = new Set<string>(['LOC1']);
  /** One-time tokens issued and not yet used, and the card each stands for. */
  private readonly issued = new Map<string, FakeSquareCard>();
  private createFault: { status: SquareFaultStatus; left: number } | undefined;
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
    this.locations.add(locationId);
    return {
      PAYMENT_PROVIDER: 'square',
      SQUARE_APPLICATION_ID: 'sandbox-sq0idb-turnery-test',
      SQUARE_ACCESS_TOKEN: this.accessToken,
      SQUARE_LOCATION_ID: locationId,
      SQUARE_BASE_URL: this.url,
    };
  }

  /**
   * A one-time payment token, as Square's card-data host answers the Web Payments SDK for `card` (by default a good
   * card of its own): it pays, or its bank declines it as `card.decline` says.
   */
  issueNonce(card: FakeSquareCard = { fingerprint: `sq-1-${randomBytes(9).toString('base64url')}` }): string {
    const nonce = `cnon:${randomBytes(12).toString('base64url')}`;
    this.issued.set(nonce, card);
    return nonce;
  }

  /**
   * CreatePayment answers `status` for the next `times` calls (all of them until `times` runs out or
   * `failCreatePayment(undefined)`), with Square's body for it: 429 RATE_LIMITED, 5xx API_ERROR, 401 UNAUTHORIZED
   * (a revoked access token). Nothing is made and no idempotency key is bound.
   */
  failCreatePayment(status: SquareFaultStatus | undefined, times = Number.POSITIVE_INFINITY) {
    this.createFault = status === undefined ? undefined : { status, left: times };
  }

  /** CreatePayment calls the fake received (each attempt, the shop's retries included). */
  createPaymentRequests() {
    return this.requests.filter((request) => request.method === 'POST' && request.path === '/v2/payments');
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
    if (request.headers.authorization !== `Bearer ${this.accessToken}`) return fault(401);
    if (request.method === 'POST' && request.path === '/v2/payments') {
      if (this.hang.create) return 'hang';
      if (this.createFault && this.createFault.left > 0) {
        this.createFault.left -= 1;
        return fault(this.createFault.status);
      }
      return this.idempotent(request, () => this.createPayment(request));
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
    // A refused request made nothing: its key may be used again (Square binds a key to what it created, a FAILED
    // payment of a declined card too).
    if (answer !== 'hang' && (answer.status === 200 || madePayment(answer.body))) this.keys.set(key, { request: body, answer });
    return answer;
  }

  private createPayment(request: RecordedRequest): { status: number; body: unknown } | 'hang' {
    const body = request.body as {
      source_id?: unknown;
      idempotency_key: string;
      amount_money?: { amount?: unknown; currency?: unknown };
      location_id?: unknown;
      reference_id?: string;
    };
    // Square checks the request before the card.
    if (typeof body.source_id !== 'string' || body.source_id === '') {
      return invalid('MISSING_REQUIRED_PARAMETER', 'Missing required parameter.', 'source_id');
    }
    const amount = body.amount_money?.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount)) {
      return invalid('EXPECTED_INTEGER', 'Expected an integer value.', 'amount_money.amount');
    }
    if (amount < 1) return invalid('VALUE_TOO_LOW', '`amount_money.amount` must be greater than or equal to 1.', 'amount_money.amount');
    if (body.amount_money?.currency !== 'USD') {
      return invalid(
        'INVALID_VALUE',
        `This merchant can only process payments in USD, but amount was provided in ${String(body.amount_money?.currency)}.`,
        'amount_money.currency',
      );
    }
    if (typeof body.location_id !== 'string' || !this.locations.has(body.location_id)) {
      return invalid('LOCATION_MISMATCH', `Location \`${String(body.location_id)}\` is not a location of this seller.`, 'location_id');
    }
    if (body.reference_id !== undefined && body.reference_id.length > 40) {
      return invalid('VALUE_TOO_LONG', 'Field must not be greater than 40 length', 'reference_id');
    }
    const sourceId = body.source_id;
    const testError = SQUARE_TEST_TOKEN_ERRORS[sourceId];
    if (testError && testError.status === 400 && testError.code === 'CARD_TOKEN_USED') {
      return invalid(testError.code, testError.detail, 'source_id');
    }
    let card: FakeSquareCard | undefined;
    let decline: { status: number; code: string; detail: string } | undefined;
    if (testError) {
      card = { fingerprint: `sq-1-sandbox-${sourceId.slice('cnon:card-nonce-'.length)}` };
      decline = testError;
    } else if (sourceId === SQUARE_TEST_TOKEN_OK) {
      card = { fingerprint: 'sq-1-sandbox-ok' };
    } else if (this.used.has(sourceId)) {
      return invalid('CARD_TOKEN_USED', 'Card nonce already used; please request new nonce.', 'source_id');
    } else {
      card = this.issued.get(sourceId);
      if (!card) {
        return {
          status: 404,
          body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: 'Card nonce not found' }] },
        };
      }
      this.issued.delete(sourceId);
      this.used.add(sourceId);
      if (card.decline) decline = { ...SQUARE_DECLINES[card.decline], code: card.decline };
    }
    const payment: FakeSquarePayment = {
      id: this.newPaymentId(),
      status: decline ? 'FAILED' : 'COMPLETED',
      amount_money: { amount, currency: 'USD' },
      location_id: body.location_id,
      reference_id: body.reference_id,
      idempotency_key: body.idempotency_key,
      card_details: {
        status: decline ? 'FAILED' : 'CAPTURED',
        card: { card_brand: 'VISA', last_4: '1111', fingerprint: card.fingerprint },
      },
    };
    this.payments.set(payment.id, payment);
    if (decline) {
      // Square's decline: the error, and the FAILED payment it made, with the card's fingerprint.
      const error = { category: 'PAYMENT_METHOD_ERROR', code: decline.code, detail: decline.detail };
      return { status: decline.status, body: { errors: [error], payment } };
    }
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
    if (body.amount_money?.currency !== payment.amount_money.currency) {
      return invalid('INVALID_CURRENCY', 'The refund must be in the currency of the payment.', 'amount_money.currency');
    }
    if (payment.status !== 'COMPLETED') return invalid('PAYMENT_NOT_REFUNDABLE', 'The payment is not refundable.', 'payment_id');
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

function fault(status: SquareFaultStatus) {
  return { status, body: { errors: [SQUARE_FAULTS[status]] } };
}

function madePayment(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'payment' in body;
}

function invalid(code: string, detail: string, field?: string) {
  return { status: 400, body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code, detail, ...(field ? { field } : {}) }] } };
}

function notFound(what: string) {
  return { status: 404, body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: `${what} not found.` }] } };
}
