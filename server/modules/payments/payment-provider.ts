import type { DbHandles } from '../../db/db-handles';

// The one interface every payment provider implements (D11). Amounts are integer cents; currency is USD.

/**
 * The request's database handles: the sandbox keeps its payments there, real providers ignore them. A request's
 * context is one; work that has only an EntityManager (jobs, refunds) passes lazyHandles(em).
 */
export type ProviderContext = DbHandles;

/** What the card form sends. Only the sandbox reads it (D10): real card data is tokenised by Square in the browser. */
export interface CardDetails {
  cardNumber: string;
  expiryDate: string;
  cvv: string;
  cardholderName: string;
}

export interface CardChargeRequest {
  sourceId: string;
  amountCents: number;
  /** Same key, same payment: a retried request never charges twice. */
  idempotencyKey: string;
  card?: CardDetails;
  billingZip?: string;
}

export interface CardPaymentSummary {
  id: string;
  status: string;
  amountCents: number;
}

export type CardChargeResult =
  | { ok: true; payment: CardPaymentSummary }
  | {
      ok: false;
      code: string;
      detail: string;
      /** The provider's id of the card, when it gives one (Square): the per-card decline limit counts by it. */
      fingerprint?: string;
    };

/** A payment as the provider reports it when asked, used to verify an order's payment (D8). */
export interface VerifiedPayment {
  id: string;
  /** COMPLETED when the money was captured; anything else does not pay for an order. */
  status: string;
  amountCents: number;
  currency: string;
  /** For a PayPal capture: the PayPal order it belongs to, when the provider says. */
  paypalOrderId?: string;
}

export interface PayPalOrderRequest {
  amountCents: number;
  requestId: string;
  returnUrl: string;
  cancelUrl: string;
  /** The buyer's email; the sandbox reads documented test addresses from it. */
  payerEmail?: string;
}

export interface PayPalOrderSummary {
  id: string;
  status: string;
  /** Where the buyer approves the payment; absent in the sandbox, which approves in-process. */
  approveUrl?: string;
}

export interface PayPalCaptureSummary {
  id: string;
  status: string;
  amountCents: number;
}

export interface CardPayments {
  charge(ctx: ProviderContext, request: CardChargeRequest): Promise<CardChargeResult>;
  /** The payment, or null when the provider does not know it. */
  get(ctx: ProviderContext, paymentId: string): Promise<VerifiedPayment | null>;
  refund(ctx: ProviderContext, paymentId: string, amountCents: number, idempotencyKey: string): Promise<void>;
}

export interface PayPalPayments {
  createOrder(ctx: ProviderContext, request: PayPalOrderRequest): Promise<PayPalOrderSummary>;
  /** Throws PaymentDeclinedError when PayPal refuses the buyer's funding. */
  capture(ctx: ProviderContext, orderId: string, requestId: string): Promise<PayPalCaptureSummary>;
  getCapture(ctx: ProviderContext, captureId: string): Promise<VerifiedPayment | null>;
  refundCapture(ctx: ProviderContext, captureId: string, amountCents: number, requestId: string): Promise<void>;
}

export interface PaymentProviders {
  name: 'sandbox' | 'square' | 'paypal';
  card: CardPayments;
  paypal: PayPalPayments;
  /** PAYMENT_PROVIDER_TIMEOUT_MS: the longest one provider operation (its retry and re-authentication included) takes. */
  timeoutMs: number;
}

/**
 * How long a payment attempt holds what it pays (a commission's deposit or balance): longer than the provider
 * operation it waits for, with a minute's margin for the database statements around it, so a slow provider's
 * answer always comes back before a second attempt may start.
 */
export const attemptLeaseSeconds = (payments: Pick<PaymentProviders, 'timeoutMs'>) => Math.ceil(payments.timeoutMs / 1000) + 60;

/** The provider refused the payment; `code` is one of docs/product.md's payment error codes when the provider gave one. */
export class PaymentDeclinedError extends Error {
  constructor(
    readonly paymentCode: string,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'PaymentDeclinedError';
  }
}

/**
 * PayPal holds the capture (PENDING: a review, an eCheck, a currency the account has not accepted): nothing is paid
 * yet, but the money may still move. The ledger keeps the capture's id and the recovery pass asks PayPal about it
 * until it ends: completed, it is refunded (no order took it); declined, it is forgotten.
 */
export class PaymentPendingError extends PaymentDeclinedError {
  constructor(
    readonly captureId: string,
    detail: string,
  ) {
    super('PAYMENT_PENDING', detail);
    this.name = 'PaymentPendingError';
  }
}

/** The provider could not be reached or answered with a fault; nothing is known to have been charged. */
export class PaymentUnavailableError extends Error {
  readonly paymentCode = 'NETWORK_ERROR';

  /**
   * `nothingTaken`: the provider answered that it did not act on the request (throttled, the shop's credentials or
   * its own fields refused), so no payment can exist under its idempotency key; otherwise (no answer, a 5xx) the
   * outcome is unknown and the recovery pass finds it out.
   */
  constructor(
    detail: string,
    readonly nothingTaken = false,
  ) {
    super(detail);
    this.name = 'PaymentUnavailableError';
  }
}

/** A provider that is not configured: every call explains which settings are missing. */
export function unconfigured(what: string, settings: string): CardPayments & PayPalPayments {
  const fail = (): Promise<never> =>
    Promise.reject(new PaymentUnavailableError(`${what} payments are not configured on this server (set ${settings})`));
  return { charge: fail, get: fail, refund: fail, createOrder: fail, capture: fail, getCapture: fail, refundCapture: fail };
}
