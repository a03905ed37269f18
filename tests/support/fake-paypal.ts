import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

// A local fake of PayPal's Orders v2 API as PayPal documents it (OAuth token, create order, buyer approval,
// capture, capture lookup, refund), with PayPal-Request-Id idempotency, and a buyer-facing approval page at the
// order's payer-action link: 'Approve' sends the browser to the order's return_url with ?token=<id>&PayerID=...,
// 'Cancel' to its cancel_url with ?token=<id>. As strict as PayPal:
// - Access tokens: each token request issues a new one; `expireTokens` ends them all, and a call with an ended
//   token is 401 invalid_token (PayPal did nothing; the answer binds no PayPal-Request-Id).
// - Create order: 201 with the payer-action link.
// - Capture: refused before approval (422 ORDER_NOT_APPROVED) and once captured (ORDER_ALREADY_CAPTURED). An order
//   named in `declines` is declined (INSTRUMENT_DECLINED), as a refused funding source is. An order named in
//   `pending` is captured PENDING (PayPal holds the money: status_details.reason PENDING_REVIEW), not COMPLETED.
//   `expire` ends an order's life as PayPal does: an approved order not captured in time is 422 ORDER_EXPIRED, an
//   unapproved one is gone (404 RESOURCE_NOT_FOUND).
// - Refunds: of `amount` (all that is left when the body has none), never more than what is left of the capture
//   (422 REFUND_AMOUNT_EXCEEDED; CAPTURE_FULLY_REFUNDED once nothing is), of a COMPLETED capture only, and the
//   capture says PARTIALLY_REFUNDED, then REFUNDED.

interface FakeOrder {
  id: string;
  value: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'EXPIRED';
  returnUrl: string;
  cancelUrl: string;
}

export interface FakeCapture {
  id: string;
  orderId: string;
  status: string;
  amount: { value: string; currency_code: string };
  /** Why PayPal holds a PENDING capture. */
  status_details?: { reason: string };
}

export interface FakePayPalRefund {
  id: string;
  captureId: string;
  amount: { value: string; currency_code: string };
}

const cents = (value: string) => Math.round(Number(value) * 100);

export class FakePayPal {
  readonly orders = new Map<string, FakeOrder>();
  readonly captures = new Map<string, FakeCapture>();
  /** Every refund PayPal made, in order. */
  readonly refunds: FakePayPalRefund[] = [];
  /** Orders whose capture PayPal declines (the buyer's funding source refused). */
  readonly declines = new Set<string>();
  /** Orders whose capture PayPal holds PENDING (a payment under review). */
  readonly pending = new Set<string>();
  /** Every API call, in order (the approval page's own requests excluded). */
  readonly calls: { method: string; path: string }[] = [];
  /** How many of the next API calls PayPal acts on and then loses the answer of (the connection drops). */
  dropAnswerNext = 0;
  private readonly answered = new Map<string, { status: number; body: unknown }>();
  /** Access tokens issued and not expired. */
  private readonly tokens = new Set<string>();
  private tokensIssued = 0;
  private server: Server | undefined;
  url = '';

  constructor(
    readonly clientId = 'pp-client',
    readonly clientSecret = 'pp-secret',
  ) {}

  /** The settings of a shop that takes PayPal through this fake (PAYMENT_PROVIDER=paypal). */
  shopSettings(): Record<string, string> {
    return {
      PAYMENT_PROVIDER: 'paypal',
      PAYPAL_CLIENT_ID: this.clientId,
      PAYPAL_CLIENT_SECRET: this.clientSecret,
      PAYPAL_BASE_URL: this.url,
    };
  }

  async start() {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this;
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** The buyer approves at PayPal (what the approval page's button does). */
  approve(orderId: string) {
    const order = this.orders.get(orderId);
    if (order?.status === 'PAYER_ACTION_REQUIRED') order.status = 'APPROVED';
    return order;
  }

  captureRequests() {
    return this.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/capture'));
  }

  /** The OAuth token requests PayPal received. */
  tokenRequests() {
    return this.calls.filter((call) => call.path === '/v1/oauth2/token');
  }

  /** Every access token issued so far stops working (PayPal ended them early, or they ran out). */
  expireTokens() {
    this.tokens.clear();
  }

  /**
   * The order's time runs out at PayPal: an approved order can no longer be captured (422 ORDER_EXPIRED); one the
   * buyer never approved is gone (404 RESOURCE_NOT_FOUND).
   */
  expire(orderId: string) {
    const order = this.orders.get(orderId);
    if (order?.status === 'APPROVED') order.status = 'EXPIRED';
    else if (order?.status === 'PAYER_ACTION_REQUIRED') this.orders.delete(orderId);
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    const url = new URL(req.url ?? '/', this.url);
    if (url.pathname.startsWith('/checkoutnow')) return this.approvalPage(req.method ?? 'GET', url, res);
    this.calls.push({ method: req.method ?? 'GET', path: url.pathname });
    const requestId = req.headers['paypal-request-id'] as string | undefined;
    // A call PayPal does not authenticate is refused before anything, and binds no PayPal-Request-Id.
    let answer = this.authenticate(req, url.pathname) ?? (requestId ? this.answered.get(requestId) : undefined);
    if (!answer) {
      answer = this.api(req, url.pathname, text);
      if (requestId && answer.status < 500) this.answered.set(requestId, answer);
    }
    if (this.dropAnswerNext > 0) {
      this.dropAnswerNext -= 1;
      req.socket.destroy();
      return;
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  }

  /** The OAuth token call's answer, or PayPal's 401 for a call without a live token; undefined: go on. */
  private authenticate(req: IncomingMessage, path: string): { status: number; body: unknown } | undefined {
    if (path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) {
        return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      }
      this.tokensIssued += 1;
      const token = `fake-pp-token-${this.tokensIssued}`;
      this.tokens.add(token);
      return { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: 32400 } };
    }
    const [scheme, token] = (req.headers.authorization ?? '').split(' ');
    if (scheme !== 'Bearer' || !token) return { status: 401, body: { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed.' } };
    if (!this.tokens.has(token)) {
      return { status: 401, body: { error: 'invalid_token', error_description: 'The token passed in was not found in the system' } };
    }
    return undefined;
  }

  private api(req: IncomingMessage, path: string, text: string): { status: number; body: unknown } {
    if (req.method === 'POST' && path === '/v2/checkout/orders') return this.createOrder(JSON.parse(text) as CreateOrderBody);
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (req.method === 'POST' && capture) return this.capture(decodeURIComponent(capture[1]!));
    const lookup = /^\/v2\/payments\/captures\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && lookup) {
      const made = this.captures.get(decodeURIComponent(lookup[1]!));
      if (!made) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
      const { orderId, ...capture } = made;
      return { status: 200, body: { ...capture, supplementary_data: { related_ids: { order_id: orderId } } } };
    }
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (req.method === 'POST' && refund) {
      const made = this.captures.get(decodeURIComponent(refund[1]!));
      if (!made) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
      return this.refund(made, text ? (JSON.parse(text) as { amount?: { value?: string; currency_code?: string } }) : {});
    }
    return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
  }

  private refund(capture: FakeCapture, body: { amount?: { value?: string; currency_code?: string } }) {
    const issue = (code: string, description: string) => ({
      status: 422,
      body: { name: 'UNPROCESSABLE_ENTITY', message: description, details: [{ issue: code, description }] },
    });
    const refunded = this.refunds.filter((made) => made.captureId === capture.id).reduce((sum, made) => sum + cents(made.amount.value), 0);
    const left = cents(capture.amount.value) - refunded;
    if (capture.status === 'PENDING') return issue('CAPTURE_NOT_COMPLETED', 'The capture is not completed and cannot be refunded.');
    if (left <= 0) return issue('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    const value = body.amount?.value ?? (left / 100).toFixed(2);
    if (!/^\d+(\.\d{1,2})?$/.test(value) || cents(value) <= 0)
      return { status: 400, body: { name: 'INVALID_REQUEST', details: [{ issue: 'INVALID_PARAMETER_VALUE', field: '/amount/value' }] } };
    if (body.amount && body.amount.currency_code !== capture.amount.currency_code) {
      return issue('REFUND_CURRENCY_MISMATCH', 'Refund must be in the same currency as the capture.');
    }
    if (cents(value) > left) {
      return issue(
        'REFUND_AMOUNT_EXCEEDED',
        'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
      );
    }
    const made: FakePayPalRefund = {
      id: `RF${this.refunds.length + 1}-${capture.id}`,
      captureId: capture.id,
      amount: { value: (cents(value) / 100).toFixed(2), currency_code: capture.amount.currency_code },
    };
    this.refunds.push(made);
    capture.status = cents(value) === left ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    return { status: 201, body: { id: made.id, status: 'COMPLETED', amount: made.amount } };
  }

  private createOrder(body: CreateOrderBody) {
    const id = `FAKEPP${this.orders.size + 1}${Date.now().toString(36).toUpperCase()}`;
    const context = body.payment_source?.paypal?.experience_context ?? {};
    const value = body.purchase_units[0]!.amount.value;
    this.orders.set(id, {
      id,
      value,
      status: 'PAYER_ACTION_REQUIRED',
      returnUrl: context.return_url ?? '',
      cancelUrl: context.cancel_url ?? '',
    });
    return {
      status: 201,
      body: {
        id,
        status: 'PAYER_ACTION_REQUIRED',
        links: [{ href: `${this.url}/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' }],
      },
    };
  }

  private capture(orderId: string) {
    const order = this.orders.get(orderId);
    const issue = (status: number, name: string, code: string) => ({
      status,
      body: { name, details: [{ issue: code, description: code }] },
    });
    if (!order) return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    if (order.status === 'PAYER_ACTION_REQUIRED') return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
    if (order.status === 'COMPLETED') return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
    if (order.status === 'EXPIRED') return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_EXPIRED');
    if (this.declines.has(orderId)) return issue(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED');
    order.status = 'COMPLETED';
    const held = this.pending.has(orderId);
    const made: FakeCapture = {
      id: `CAP${this.captures.size + 1}-${orderId}`,
      orderId,
      status: held ? 'PENDING' : 'COMPLETED',
      amount: { value: order.value, currency_code: 'USD' },
      ...(held ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
    };
    this.captures.set(made.id, made);
    const { orderId: _order, ...capture } = made;
    return {
      status: 201,
      body: { id: orderId, status: 'COMPLETED', purchase_units: [{ payments: { captures: [capture] } }] },
    };
  }

  private approvalPage(method: string, url: URL, res: ServerResponse) {
    const order = this.orders.get(url.searchParams.get('token') ?? '');
    if (!order) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('No such PayPal order');
      return;
    }
    if (method === 'POST') {
      const approved = url.pathname.endsWith('/approve');
      if (approved) this.approve(order.id);
      const back = new URL(approved ? order.returnUrl : order.cancelUrl);
      back.searchParams.set('token', order.id);
      if (approved) back.searchParams.set('PayerID', 'FAKEPAYER1');
      res.writeHead(303, { location: back.toString() }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html lang="en"><head><title>PayPal (test)</title></head>
<body><main><h1>Pay with PayPal (test)</h1><p>Turnery asks for $${order.value} USD.</p>
<form method="post" action="/checkoutnow/approve?token=${order.id}"><button>Approve payment</button></form>
<form method="post" action="/checkoutnow/cancel?token=${order.id}"><button>Cancel and return to Turnery</button></form></main></body></html>`);
  }
}

interface CreateOrderBody {
  purchase_units: { amount: { value: string } }[];
  payment_source?: { paypal?: { experience_context?: { return_url?: string; cancel_url?: string } } };
}
