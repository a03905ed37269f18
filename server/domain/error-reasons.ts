// The stable, machine-readable reasons an API error can carry (D25). Clients branch on the reason, never on the
// message text (which is for people and may change). Each reason has one HTTP status; the OpenAPI document
// lists them with their descriptions. Shared with the client, so it has no I/O and no server import.

export const ERROR_REASONS = {
  VALIDATION_FAILED: { status: 400, description: 'The input is not valid; `data.issues` names each bad field.' },
  MALFORMED_REQUEST: { status: 400, description: 'The request itself cannot be read (bad JSON, bad encoding, a NUL byte).' },
  UNAUTHENTICATED: { status: 401, description: 'Sign in as the administrator (or send a valid API token) first.' },
  FORBIDDEN: { status: 403, description: 'Not allowed: a write from another site, or a token without the needed scope.' },
  NOT_FOUND: { status: 404, description: 'No such resource (or it is not visible to you).' },
  PAYMENT_DECLINED: { status: 402, description: 'The payment provider refused the payment; `data.paymentCode` says why.' },
  PAYMENT_UNKNOWN: {
    status: 402,
    description: 'The order names a payment this shop did not take (D28): pay at the checkout first, then order with its id.',
  },
  PAYMENT_NOT_VERIFIED: {
    status: 402,
    description: 'The payment named by the order was refunded, is no longer captured, or is not for the order total.',
  },
  PAYMENT_REPLAYED: { status: 409, description: 'This payment has already paid for another order.' },
  PAYMENT_WRONG_PURPOSE: {
    status: 409,
    description:
      "The payment was made for something else (a cart's order, or another commission's deposit or balance) and pays only that (D35); nothing was charged by this call.",
  },
  OUT_OF_STOCK: { status: 409, description: 'Not enough of a product is left in stock.' },
  PRODUCT_UNAVAILABLE: { status: 409, description: 'A product in the cart is no longer sold.' },
  VARIANT_REQUIRED: {
    status: 400,
    description: 'The product has options (D38): the line must name one of its variants (`variantId`); `data.field` names the line.',
  },
  VARIANT_UNKNOWN: {
    status: 400,
    description: "The variant named is not one of this product's (or the product has no options); `data.field` names it.",
  },
  DISCOUNT_UNKNOWN: { status: 400, description: "The discount code is not one of this shop's (D40); `data.field` is `discountCode`." },
  DISCOUNT_EXPIRED: {
    status: 409,
    description:
      'The discount code does not work now: it has ended, has not started yet, or the owner paused it; `data.field` is `discountCode`.',
  },
  DISCOUNT_USED_UP: {
    status: 409,
    description:
      'The discount code has no uses left, or this email address has used it already (a code used once per customer); `data.field` is `discountCode`.',
  },
  DISCOUNT_MINIMUM: {
    status: 400,
    description: "The goods cost less than the discount code's minimum (`data.minimumSubtotal`); `data.field` is `discountCode`.",
  },
  STATE_NOT_SERVED: {
    status: 400,
    description: 'The shop does not ship to that state (D39): GET /api/shipping/zones lists where it does; `data.field` names the field.',
  },
  PRICE_CHANGED: { status: 400, description: "The order's figures differ from the current prices by more than a cent." },
  INVALID_TRANSITION: {
    status: 409,
    description: 'The order or commission cannot move to that status from its current one; `data.allowed` lists where it can.',
  },
  COMMISSION_ORDER: {
    status: 409,
    description:
      "The order is a commission's, waiting for its balance: it moves only by the commission's own actions (mark ready, or cancel with the deposit's refund: PATCH /api/admin/commissions/{id}, `data.commissionId`).",
  },
  REFUND_TOO_LARGE: {
    status: 409,
    description: "The refund is more than what is left to refund of the order's payments; `data.refundable` says how much is left.",
  },
  REVIEW_LINK_INVALID: {
    status: 400,
    description:
      "The review link is forged, expired, or for an item that can no longer be reviewed (its order not delivered, or refunded); `data.field` is 'token'.",
  },
  REVIEW_EXISTS: { status: 409, description: 'This order line has been reviewed already: each delivered item is reviewed once (D37).' },
  QUOTE_EXPIRED: { status: 409, description: "The quote's last day has passed: ask the workshop for a new one." },
  QUOTE_REPLACED: { status: 409, description: 'A newer version of the quote exists: read the commission again and accept that one.' },
  ALREADY_PAID: {
    status: 409,
    description: 'What this payment was for is paid already (by another tab or an earlier click); nothing was charged by this call.',
  },
  PAYMENT_IN_PROGRESS: {
    status: 409,
    description:
      'Another request is taking this payment right now; nothing was charged by this call. Read the commission again in a moment.',
  },
  CONFLICT: { status: 409, description: 'The change conflicts with existing data (e.g. a slug already in use).' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    description:
      'The `Idempotency-Key` was first sent with another body (or to another operation or order); nothing was done by this call. A new request takes a new key.',
  },
  IDEMPOTENCY_KEY_IN_USE: {
    status: 409,
    description:
      'A request with this `Idempotency-Key` is still running; nothing was done by this call. Send it again in a moment to get its answer.',
  },
  PAYLOAD_TOO_LARGE: { status: 413, description: 'The request body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, description: 'The request body has a content type this path does not take.' },
  RATE_LIMITED: { status: 429, description: 'Too many requests; retry after the `Retry-After` header (also `data.retryAfterSeconds`).' },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    status: 503,
    description: 'The payment provider could not be reached or did not answer in time; nothing was charged by this call.',
  },
  DATABASE_UNAVAILABLE: { status: 503, description: "The shop's database is not reachable right now; retry in a moment." },
  SERVICE_UNAVAILABLE: { status: 503, description: 'The shop cannot serve this request right now (e.g. it is stopping); retry.' },
  INTERNAL_ERROR: { status: 500, description: 'A fault of the shop itself (never caused by input); it is logged.' },
} as const satisfies Record<string, { status: number; description: string }>;

export type ErrorReason = keyof typeof ERROR_REASONS;

export const ERROR_REASON_NAMES = Object.keys(ERROR_REASONS) as ErrorReason[];

/** The reason of a failure that did not name one, from its HTTP status. */
export function defaultReason(status: number): ErrorReason {
  switch (status) {
    case 400:
      return 'VALIDATION_FAILED';
    case 401:
      return 'UNAUTHENTICATED';
    case 402:
      return 'PAYMENT_DECLINED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_FAILED';
  }
}
