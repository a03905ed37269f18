import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

// A local fake of PayPal's Orders v2 API as PayPal documents it (OAuth token, create order, buyer approval,
// capture, capture lookup, refund), with PayPal-Request-Id idempotency, and a buyer-facing approval page at the
// order's payer-action link: 'Approve' sends the browser to the order's return_url with ?token=<id>&PayerID=...,
// 'Cancel' to its cancel_url with ?token=<id>. A capture before approval is refused (ORDER_NOT_APPROVED), as at
// PayPal. An order named in `declines` is declined at capture (INSTRUMENT_DECLINED), as a refused funding source is.
// Refunds are as strict as PayPal documents them: of `amount` (all that is left when the body has none), never more
// than what is left of the capture (422 REFUND_AMOUNT_EXCEEDED; CAPTURE_FULLY_REFUNDED once nothing is), and the
// capture says PARTIALLY_REFUNDED, then REFUNDED.

interface FakeOrder {
  id: string;
  value: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  returnUrl: string;
  cancelUrl: string;
}

export interface FakeCapture {
  id: string;
  orderId: string;
  status: string;
  amount: { value: string; currency_code: string };
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
  /** Every API call, in order (the approval page's own requests excluded). */
  readonly calls: { method: string; path: string }[] = [];
  /** How many of the next API calls PayPal acts on and then loses the answer of (the connection drops). */
  dropAnswerNext = 0;
  private readonly answered = new Map<string, { status: number; body: unknown }>();
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

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    const url = new URL(req.url ?? '/', this.url);
    if (url.pathname.startsWith('/checkoutnow')) return this.approvalPage(req.method ?? 'GET', url, res);
    this.calls.push({ method: req.method ?? 'GET', path: url.pathname });
    const requestId = req.headers['paypal-request-id'] as string | undefined;
    let answer = requestId ? this.answered.get(requestId) : undefined;
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

  private api(req: IncomingMessage, path: string, text: string): { status: number; body: unknown } {
    if (path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return { status: 401, body: { error: 'invalid_client' } };
      return { status: 200, body: { access_token: 'fake-pp-token', token_type: 'Bearer', expires_in: 32400 } };
    }
    if (req.headers.authorization !== 'Bearer fake-pp-token') return { status: 401, body: { name: 'AUTHENTICATION_FAILURE' } };
    if (req.method === 'POST' && path === '/v2/checkout/orders') return this.createOrder(JSON.parse(text) as CreateOrderBody);
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (req.method === 'POST' && capture) return this.capture(decodeURIComponent(capture[1]!));
    const lookup = /^\/v2\/payments\/captures\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && lookup) {
      const made = this.captures.get(decodeURIComponent(lookup[1]!));
      if (!made) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
      return { status: 200, body: { ...made, supplementary_data: { related_ids: { order_id: made.orderId } } } };
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
      status: 200,
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
    if (this.declines.has(orderId)) return issue(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED');
    order.status = 'COMPLETED';
    const made: FakeCapture = {
      id: `CAP${this.captures.size + 1}-${orderId}`,
      orderId,
      status: 'COMPLETED',
      amount: { value: order.value, currency_code: 'USD' },
    };
    this.captures.set(made.id, made);
    return {
      status: 201,
      body: {
        id: orderId,
        status: 'COMPLETED',
        purchase_units: [{ payments: { captures: [{ id: made.id, status: made.status, amount: made.amount }] } }],
      },
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
