import { callProvider, DEFAULT_PROVIDER_TIMEOUT_MS } from './provider-http';
import {
  PaymentUnavailableError,
  type CardChargeRequest,
  type CardChargeResult,
  type CardPayments,
  type VerifiedPayment,
} from './payment-provider';

// The real Square Payments API (D11): CreatePayment, GetPayment, RefundPayment. The card itself is a token
// (source_id) from Square's Web Payments SDK; card data never goes to Square from here (D10).

export interface SquareSettings {
  baseUrl: string;
  accessToken: string;
  locationId: string;
  /** Per call, the retry included (PAYMENT_PROVIDER_TIMEOUT_MS). */
  timeoutMs?: number;
}

const SQUARE_VERSION = '2025-01-23';

/**
 * Every charge the shop makes carries this prefix in its reference_id (at most 40 characters, per Square): it marks
 * the shop's online payments among others on the same Square account (a market stall's, an invoice's), in the
 * seller's dashboard and when the shop reads a payment back.
 */
const REFERENCE_PREFIX = 'turnery:';
const reference = (idempotencyKey: string) => `${REFERENCE_PREFIX}${idempotencyKey.slice(0, 40 - REFERENCE_PREFIX.length)}`;

interface SquarePayment {
  id: string;
  status: string;
  location_id?: string;
  reference_id?: string;
  amount_money?: { amount?: number; currency?: string };
  refunded_money?: { amount?: number };
  card_details?: { card?: { fingerprint?: string } };
}
interface SquareError {
  code?: string;
  detail?: string;
  category?: string;
  field?: string;
}

// Square names a few outcomes differently from docs/product.md's table.
const CODE_ALIASES: Record<string, string> = { CARD_EXPIRED: 'EXPIRED_CARD', INVALID_EXPIRATION: 'EXPIRED_CARD' };

export class SquareProvider implements CardPayments {
  constructor(private readonly settings: SquareSettings) {}

  private request(method: 'GET' | 'POST', path: string, body?: unknown) {
    return callProvider(
      'Square',
      {
        method,
        url: new URL(path, this.settings.baseUrl).toString(),
        headers: {
          Authorization: `Bearer ${this.settings.accessToken}`,
          'Square-Version': SQUARE_VERSION,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body,
      },
      this.settings.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS,
    );
  }

  async charge(_ctx: unknown, request: CardChargeRequest): Promise<CardChargeResult> {
    const { status, body } = await this.request('POST', '/v2/payments', {
      source_id: request.sourceId,
      idempotency_key: request.idempotencyKey.slice(0, 45),
      amount_money: { amount: request.amountCents, currency: 'USD' },
      location_id: this.settings.locationId,
      reference_id: reference(request.idempotencyKey),
      autocomplete: true,
      ...(request.billingZip ? { billing_address: { postal_code: request.billingZip } } : {}),
    });
    const payment = (body as { payment?: SquarePayment }).payment;
    if (status === 200 && payment?.status === 'COMPLETED') {
      return { ok: true, payment: { id: payment.id, status: payment.status, amountCents: payment.amount_money?.amount ?? 0 } };
    }
    const error = firstError(body);
    // Square's own faults, a throttled call and the shop's credentials or request are no verdict on the buyer's
    // card: 503, and no decline is counted against the buyer (card-limits.ts).
    if (isProviderFault(status, error)) {
      // A 4xx is Square refusing the request before acting on it: no payment exists under its key. A 5xx may have.
      throw new PaymentUnavailableError(
        `Square answered ${status} ${error.code ?? ''}`.trim() + (error.detail ? `: ${error.detail}` : ''),
        status < 500,
      );
    }
    const code = CODE_ALIASES[error.code ?? ''] ?? error.code ?? 'GENERIC_DECLINE';
    const detail = error.detail ?? `Square did not complete the payment (${payment?.status ?? status})`;
    // A declined payment comes back FAILED with its card's fingerprint: the per-card decline limit counts by it.
    const fingerprint = payment?.card_details?.card?.fingerprint;
    return { ok: false, code, detail, ...(fingerprint ? { fingerprint } : {}) };
  }

  async get(_ctx: unknown, paymentId: string): Promise<VerifiedPayment | null> {
    const { status, body } = await this.request('GET', `/v2/payments/${encodeURIComponent(paymentId)}`);
    if (status === 404) return null;
    const payment = (body as { payment?: SquarePayment }).payment;
    if (status !== 200 || !payment) throw new PaymentUnavailableError(`Square answered ${status} when asked for a payment`);
    // A payment of another location, or not made by the shop's online checkout, is not the shop's to count (D28).
    if (payment.location_id !== this.settings.locationId || !payment.reference_id?.startsWith(REFERENCE_PREFIX)) return null;
    return {
      id: payment.id,
      // Square keeps a refunded payment COMPLETED; money that went back pays for no order.
      status: (payment.refunded_money?.amount ?? 0) > 0 ? 'REFUNDED' : payment.status,
      amountCents: payment.amount_money?.amount ?? 0,
      currency: payment.amount_money?.currency ?? '',
    };
  }

  async refund(_ctx: unknown, paymentId: string, amountCents: number, idempotencyKey: string): Promise<void> {
    const { status, body } = await this.request('POST', '/v2/refunds', {
      idempotency_key: idempotencyKey.slice(0, 45),
      payment_id: paymentId,
      amount_money: { amount: amountCents, currency: 'USD' },
    });
    if (status !== 200) throw new PaymentUnavailableError(`Square refused the refund: ${firstError(body).detail ?? status}`);
  }
}

/** Errors of these categories say nothing about the card: Square itself, the shop's key, or a throttled call. */
const FAULT_CATEGORIES = new Set(['API_ERROR', 'AUTHENTICATION_ERROR', 'RATE_LIMIT_ERROR']);
/** Fields of CreatePayment the shop sets from its own settings and prices, never from the buyer's card. */
const SHOP_FIELDS = /^(location_id|amount_money(\..*)?|idempotency_key|reference_id)$/;

/**
 * A CreatePayment answer that is the provider's fault or the shop's, not the card's: a 5xx or an API_ERROR, 401 or
 * 403 (the access token, AUTHENTICATION_ERROR), 429 (RATE_LIMIT_ERROR), or a 400 naming a field the shop filled
 * (a location that is not the seller's, an amount Square will not take). Everything else (PAYMENT_METHOD_ERROR,
 * a token Square does not know or has seen) is the card's answer.
 */
function isProviderFault(status: number, error: SquareError): boolean {
  if (status >= 500 || status === 401 || status === 403 || status === 429) return true;
  if (error.category && FAULT_CATEGORIES.has(error.category)) return true;
  return error.category === 'INVALID_REQUEST_ERROR' && !!error.field && SHOP_FIELDS.test(error.field);
}

function firstError(body: unknown): SquareError {
  const errors = (body as { errors?: SquareError[] }).errors;
  return Array.isArray(errors) && errors[0] ? errors[0] : {};
}
