// What Square answers, as it documents it, for the one fake of its Payments API (fake-square.ts): the Sandbox's
// test tokens and their errors, the card-level declines, the service faults' bodies, and the shapes of a payment
// and a refund.

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

/** The card-level refusals a one-time token's card can be given (`issueNonce`), answered as Square answers them. */
export const SQUARE_DECLINES = {
  GENERIC_DECLINE: { status: 402, detail: "Authorization error: 'GENERIC_DECLINE'" },
  CARD_DECLINED: { status: 402, detail: 'Card declined.' },
  CVV_FAILURE: { status: 402, detail: "Authorization error: 'CVV_FAILURE'" },
  ADDRESS_VERIFICATION_FAILURE: { status: 402, detail: "Authorization error: 'ADDRESS_VERIFICATION_FAILURE'" },
  INSUFFICIENT_FUNDS: { status: 402, detail: "Authorization error: 'INSUFFICIENT_FUNDS'" },
} as const;
export type SquareDecline = keyof typeof SQUARE_DECLINES;

/** A card behind a one-time token: Square's id of it (the same card, the same fingerprint) and what its bank says. */
export interface FakeSquareCard {
  fingerprint: string;
  /** The bank's refusal; absent, the card pays. */
  decline?: SquareDecline;
}

/** What CreatePayment answers when it fails as a service, not on a card: Square's documented bodies. */
export const SQUARE_FAULTS = {
  401: { category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED', detail: 'This request could not be authorized.' },
  429: { category: 'RATE_LIMIT_ERROR', code: 'RATE_LIMITED', detail: 'This request was rate limited. Please retry later.' },
  500: { category: 'API_ERROR', code: 'INTERNAL_SERVER_ERROR', detail: 'An internal error has occurred.' },
  502: { category: 'API_ERROR', code: 'BAD_GATEWAY', detail: 'Bad gateway.' },
  503: { category: 'API_ERROR', code: 'SERVICE_UNAVAILABLE', detail: 'Service unavailable.' },
  504: { category: 'API_ERROR', code: 'GATEWAY_TIMEOUT', detail: 'Gateway timeout.' },
} as const;
export type SquareFaultStatus = keyof typeof SQUARE_FAULTS;

export interface FakeSquarePayment {
  id: string;
  status: string;
  amount_money: { amount: number; currency: string };
  location_id: string;
  reference_id?: string;
  idempotency_key?: string;
  /** The card paid with; its fingerprint is the same for every payment of that card. */
  card_details?: { status: string; card: { card_brand: string; last_4: string; fingerprint: string } };
  /** Square keeps a refunded payment COMPLETED and says what went back here. */
  refunded_money?: { amount: number; currency: string };
  refund_ids?: string[];
}

export interface FakeRefund {
  id: string;
  payment_id: string;
  idempotency_key: string;
  amount_money: { amount: number; currency: string };
}
