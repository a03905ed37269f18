import { FakeProvider, type RecordedRequest } from './fake-provider';

// A local fake of Square's Payments API (CreatePayment, GetPayment, RefundPayment) as Square documents it,
// honouring the Sandbox's test payment tokens (developer.squareup.com/docs/testing/test-values):
// cnon:card-nonce-ok pays; the others fail with the error Square's Sandbox answers for them. Idempotency keys
// are honoured as Square does: the same key answers the payment made the first time. Faults are scripted:
// `hang` holds requests of a kind unanswered; `hangAfterCreate` makes the payment, then never answers.

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

export interface FakeSquarePayment {
  id: string;
  status: string;
  amount_money: { amount: number; currency: string };
  location_id: string;
  idempotency_key: string;
  /** Square keeps a refunded payment COMPLETED and says what went back here. */
  refunded_money?: { amount: number; currency: string };
  refund_ids?: string[];
}

export class FakeSquare {
  readonly payments = new Map<string, FakeSquarePayment>();
  readonly refunds: { id: string; payment_id: string; idempotency_key: string }[] = [];
  hang: { create?: boolean; get?: boolean; refund?: boolean } = {};
  hangAfterCreate = false;
  /** Refuse refunds the way Square does when it will not give money back (a 400 with an error code). */
  refuseRefunds = false;
  readonly http = new FakeProvider((request) => this.route(request));

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

  private route(request: RecordedRequest) {
    if (request.headers.authorization !== `Bearer ${this.accessToken}`)
      return { status: 401, body: { errors: [{ category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED', detail: 'Unauthorized' }] } };
    if (request.method === 'POST' && request.path === '/v2/payments') return this.hang.create ? 'hang' : this.createPayment(request);
    const get = /^\/v2\/payments\/([^/?]+)$/.exec(request.path);
    if (request.method === 'GET' && get) {
      if (this.hang.get) return 'hang';
      const payment = this.payments.get(decodeURIComponent(get[1]!));
      return payment ? { status: 200, body: { payment } } : notFound('Payment');
    }
    if (request.method === 'POST' && request.path === '/v2/refunds') return this.hang.refund ? 'hang' : this.refund(request);
    return notFound('Endpoint');
  }

  private createPayment(request: RecordedRequest) {
    const body = request.body as {
      source_id: string;
      idempotency_key: string;
      amount_money: { amount: number; currency: string };
      location_id: string;
    };
    const earlier = [...this.payments.values()].find((payment) => payment.idempotency_key === body.idempotency_key);
    if (earlier) return { status: 200, body: { payment: earlier } };
    const error = SQUARE_TEST_TOKEN_ERRORS[body.source_id];
    if (error)
      return { status: error.status, body: { errors: [{ category: 'PAYMENT_METHOD_ERROR', code: error.code, detail: error.detail }] } };
    if (!body.source_id.startsWith('cnon:')) {
      return {
        status: 400,
        body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'INVALID_CARD_DATA', detail: 'Invalid source.' }] },
      };
    }
    const payment: FakeSquarePayment = {
      id: `sqpay_${this.payments.size + 1}_${Date.now().toString(36)}`,
      status: 'COMPLETED',
      amount_money: body.amount_money,
      location_id: body.location_id,
      idempotency_key: body.idempotency_key,
    };
    this.payments.set(payment.id, payment);
    if (this.hangAfterCreate) return 'hang' as const;
    return { status: 200, body: { payment } };
  }

  private refund(request: RecordedRequest) {
    if (this.refuseRefunds) {
      return { status: 400, body: { errors: [{ category: 'REFUND_ERROR', code: 'REFUND_DECLINED', detail: 'Refund declined.' }] } };
    }
    const body = request.body as { payment_id: string; idempotency_key: string };
    const earlier = this.refunds.find((refund) => refund.idempotency_key === body.idempotency_key);
    if (earlier) return { status: 200, body: { refund: { ...earlier, status: 'COMPLETED' } } };
    const payment = this.payments.get(body.payment_id);
    if (!payment) return notFound('Payment');
    const refund = { id: `sqrf_${this.refunds.length + 1}`, payment_id: payment.id, idempotency_key: body.idempotency_key };
    this.refunds.push(refund);
    payment.refunded_money = { ...payment.amount_money };
    payment.refund_ids = [...(payment.refund_ids ?? []), refund.id];
    return { status: 200, body: { refund: { ...refund, status: 'PENDING' } } };
  }
}

function notFound(what: string) {
  return { status: 404, body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: `${what} not found.` }] } };
}
