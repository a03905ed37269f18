import { formatCents, toCents } from '../../domain/money';
import { callProvider, DEFAULT_PROVIDER_TIMEOUT_MS, ProviderDeadline } from './provider-http';
import {
  PaymentDeclinedError,
  PaymentPendingError,
  PaymentUnavailableError,
  type PayPalCaptureSummary,
  type PayPalOrderRequest,
  type PayPalOrderSummary,
  type PayPalPayments,
  type VerifiedPayment,
} from './payment-provider';

// The real PayPal Orders v2 API (D11): OAuth client credentials, create an order, the buyer approves it on
// PayPal, capture it, read a capture back, refund it. Every write carries a PayPal-Request-Id (idempotency).

export interface PayPalSettings {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Per call, the retry included (PAYMENT_PROVIDER_TIMEOUT_MS). */
  timeoutMs?: number;
}

interface PayPalAmount {
  value?: string;
  currency_code?: string;
}
interface PayPalCapture {
  id: string;
  status: string;
  amount?: PayPalAmount;
  status_details?: { reason?: string };
  supplementary_data?: { related_ids?: { order_id?: string } };
}
interface PayPalError {
  name?: string;
  message?: string;
  details?: { issue?: string; description?: string }[];
  /** OAuth's answer to a token it does not take (401 invalid_token). */
  error?: string;
  error_description?: string;
}

export class PayPalProvider implements PayPalPayments {
  private token: { value: string; expiresAt: number } | undefined;
  /** The token request under way, shared by every call that needs a token meanwhile. */
  private tokenRequest: Promise<string> | undefined;

  constructor(private readonly settings: PayPalSettings) {}

  private accessToken(deadline: ProviderDeadline): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return Promise.resolve(this.token.value);
    this.tokenRequest ??= this.requestToken(deadline).finally(() => (this.tokenRequest = undefined));
    return this.tokenRequest;
  }

  private async requestToken(deadline: ProviderDeadline): Promise<string> {
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString('base64');
    const { status, body } = await callProvider(
      'PayPal',
      {
        method: 'POST',
        url: this.url('/v1/oauth2/token'),
        headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: 'grant_type=client_credentials',
      },
      deadline,
    );
    const token = body as { access_token?: string; expires_in?: number };
    if (status !== 200 || !token.access_token) throw new PaymentUnavailableError(`PayPal refused the credentials (${status})`);
    // Renew a minute early so a token never expires in flight.
    this.token = { value: token.access_token, expiresAt: Date.now() + Math.max(0, (token.expires_in ?? 0) - 60) * 1000 };
    return token.access_token;
  }

  private get timeoutMs() {
    return this.settings.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  }

  private url(path: string) {
    return new URL(path, this.settings.baseUrl).toString();
  }

  /**
   * One call, its token included, within PAYMENT_PROVIDER_TIMEOUT_MS. A token PayPal no longer takes (401
   * invalid_token: expired early, revoked) is dropped, a new one asked for and the call repeated once, as PayPal's
   * authentication guide asks; the repeat carries the same PayPal-Request-Id, and a 401 means PayPal did nothing.
   */
  private async request(method: 'GET' | 'POST', path: string, body?: unknown, requestId?: string) {
    const deadline = new ProviderDeadline(this.timeoutMs);
    const send = async () => {
      const token = await this.accessToken(deadline);
      const headers: Record<string, string> = {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      };
      if (requestId) headers['PayPal-Request-Id'] = requestId;
      return { token, answer: await callProvider('PayPal', { method, url: this.url(path), headers, body }, deadline) };
    };
    const first = await send();
    if (first.answer.status !== 401) return first.answer;
    // Another call may have renewed it meanwhile: only the token PayPal refused is dropped.
    if (this.token?.value === first.token) this.token = undefined;
    return (await send()).answer;
  }

  async createOrder(_ctx: unknown, request: PayPalOrderRequest): Promise<PayPalOrderSummary> {
    const { status, body } = await this.request(
      'POST',
      '/v2/checkout/orders',
      {
        intent: 'CAPTURE',
        purchase_units: [{ amount: { currency_code: 'USD', value: formatCents(request.amountCents) } }],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: request.returnUrl,
              cancel_url: request.cancelUrl,
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
            },
          },
        },
      },
      request.requestId,
    );
    const order = body as { id?: string; status?: string; links?: { href: string; rel: string }[] };
    if ((status !== 200 && status !== 201) || !order.id) throw declineOrFault(status, body);
    const approve = order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
    return { id: order.id, status: order.status ?? 'CREATED', approveUrl: approve?.href };
  }

  async capture(_ctx: unknown, orderId: string, requestId: string): Promise<PayPalCaptureSummary> {
    const { status, body } = await this.request('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {}, requestId);
    if (status !== 200 && status !== 201) throw declineOrFault(status, body);
    const order = body as { purchase_units?: { payments?: { captures?: PayPalCapture[] } }[] };
    const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
    if (!capture) throw new PaymentUnavailableError('PayPal answered without a capture');
    // Only a COMPLETED capture is paid. A PENDING one (PayPal holding it: a review, an eCheck, a currency to accept)
    // has moved no money to the shop yet and may never: no order, no commission step is paid by it.
    if (capture.status === 'DECLINED') {
      throw new PaymentDeclinedError('INSTRUMENT_DECLINED', `PayPal declined the capture ${capture.id}`);
    }
    if (capture.status !== 'COMPLETED') {
      const reason = capture.status_details?.reason;
      throw new PaymentPendingError(
        capture.id,
        `PayPal is holding the payment (capture ${capture.id} ${capture.status}${reason ? `: ${reason}` : ''}); it is not paid`,
      );
    }
    return { id: capture.id, status: capture.status, amountCents: amountCents(capture.amount) };
  }

  async getCapture(_ctx: unknown, captureId: string): Promise<VerifiedPayment | null> {
    const { status, body } = await this.request('GET', `/v2/payments/captures/${encodeURIComponent(captureId)}`);
    if (status === 404) return null;
    const capture = body as PayPalCapture;
    if (status !== 200 || !capture.id) throw new PaymentUnavailableError(`PayPal answered ${status} when asked for a capture`);
    return {
      id: capture.id,
      status: capture.status,
      amountCents: amountCents(capture.amount),
      currency: capture.amount?.currency_code ?? '',
      paypalOrderId: capture.supplementary_data?.related_ids?.order_id,
    };
  }

  async refundCapture(_ctx: unknown, captureId: string, amount: number, requestId: string): Promise<void> {
    const { status, body } = await this.request(
      'POST',
      `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
      { amount: { value: formatCents(amount), currency_code: 'USD' } },
      requestId,
    );
    if (status !== 200 && status !== 201) throw new PaymentUnavailableError(`PayPal refused the refund: ${describe(body)}`);
  }
}

function amountCents(amount: PayPalAmount | undefined): number {
  try {
    return toCents(amount?.value ?? '0');
  } catch {
    return 0;
  }
}

function describe(body: unknown): string {
  const error = body as PayPalError;
  return error.details?.[0]?.description ?? error.message ?? error.error_description ?? error.name ?? error.error ?? 'no detail';
}

/**
 * 4xx with an issue is PayPal refusing (e.g. INSTRUMENT_DECLINED, ORDER_NOT_APPROVED, ORDER_EXPIRED); anything else
 * is a fault on the way: a 5xx, the shop's credentials (401, 403) or a throttled call (429, RATE_LIMIT_REACHED).
 */
function declineOrFault(status: number, body: unknown): Error {
  const error = body as PayPalError;
  const issue = error.details?.[0]?.issue ?? error.name;
  if (status >= 400 && status < 500 && ![401, 403, 429].includes(status) && issue) return new PaymentDeclinedError(issue, describe(body));
  // A 4xx is PayPal refusing the request before acting on it (the token, a throttled call); a 5xx may have acted.
  return new PaymentUnavailableError(`PayPal answered ${status}: ${describe(body)}`, status >= 400 && status < 500);
}
