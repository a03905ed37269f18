// Payment error mapping (docs/product.md section 8): provider codes and free text -> what the payment dialog says.
// The message texts are the spec's, letter for letter.

export type PaymentProvider = 'card' | 'paypal';

export type PaymentErrorCategory =
  'card_declined' | 'card_validation' | 'paypal_declined' | 'processing' | 'limits' | 'technical' | 'validation' | 'unknown';

type Suggestions = readonly [string, string, string];

export interface PaymentErrorEntry {
  readonly category: PaymentErrorCategory;
  readonly message: string;
  readonly suggestions: Suggestions;
}

export interface PaymentErrorInfo {
  code: string;
  category: PaymentErrorCategory;
  title: string;
  message: string;
  suggestions: [string, string, string];
}

export const TRY_HEADING = "Here's what you can try:";
export const DECLINED_REASONS_HEADING = 'Common reasons for declined cards';

export const DECLINED_CARD_REASONS: readonly string[] = [
  'Insufficient funds or credit limit reached',
  'The card was reported lost or stolen',
  'Unusual activity flagged by your bank',
  "The billing address doesn't match your bank's records",
];

const TRY_OTHER_METHOD = 'Try a different payment method, such as PayPal';
const CONTACT_BANK = 'Contact your bank to authorize the purchase';
const CHECK_DETAILS = 'Check your card details and try again';

/** Card-provider codes. */
export const CARD_PAYMENT_ERRORS = {
  CARD_DECLINED: {
    category: 'card_declined',
    message: 'Your card was declined by your bank.',
    suggestions: [CONTACT_BANK, TRY_OTHER_METHOD, 'Use a different card'],
  },
  INSUFFICIENT_FUNDS: {
    category: 'card_declined',
    message: 'Your card has insufficient funds for this purchase.',
    suggestions: ['Use a different card', 'Check your available balance with your bank', TRY_OTHER_METHOD],
  },
  CVV_FAILURE: {
    category: 'card_validation',
    message: 'The security code (CVV) you entered is incorrect.',
    suggestions: [
      'Check the 3-digit code on the back of your card (4 digits on the front for American Express)',
      'Re-enter the security code carefully',
      TRY_OTHER_METHOD,
    ],
  },
  ADDRESS_VERIFICATION_FAILURE: {
    category: 'card_validation',
    message: "Your billing address doesn't match what your bank has on file.",
    suggestions: [
      'Make sure the address and ZIP code match your card statement',
      'Contact your bank to confirm the address they have on file',
      TRY_OTHER_METHOD,
    ],
  },
  EXPIRED_CARD: {
    category: 'card_validation',
    message: 'Your card has expired.',
    suggestions: ['Check the expiry date on your card', 'Use a card that has not expired', TRY_OTHER_METHOD],
  },
  GENERIC_DECLINE: {
    category: 'processing',
    message: 'Your payment was declined. This could be due to various security checks.',
    suggestions: [CONTACT_BANK, 'Wait a few minutes and try again', TRY_OTHER_METHOD],
  },
  CARD_NOT_SUPPORTED: {
    category: 'card_validation',
    message: 'This type of card is not supported for online purchases.',
    suggestions: ['Use a Visa, Mastercard, American Express or Discover card', 'Use a different card', TRY_OTHER_METHOD],
  },
  INVALID_CARD: {
    category: 'card_validation',
    message: 'The card information you entered appears to be invalid.',
    suggestions: [CHECK_DETAILS, 'Make sure the card number has no missing digits', TRY_OTHER_METHOD],
  },
  PAYMENT_LIMIT_EXCEEDED: {
    category: 'limits',
    message: "This transaction exceeds your card's spending limit.",
    suggestions: ['Use a different card', 'Contact your bank to raise your spending limit', TRY_OTHER_METHOD],
  },
  TRANSACTION_LIMIT: {
    category: 'limits',
    message: 'This transaction exceeds the daily limit for your card.',
    suggestions: ['Try again tomorrow', 'Contact your bank to raise your daily limit', TRY_OTHER_METHOD],
  },
} as const satisfies Record<string, PaymentErrorEntry>;

/** PayPal codes; INSUFFICIENT_FUNDS here is distinct from the card one. */
export const PAYPAL_PAYMENT_ERRORS = {
  INSTRUMENT_DECLINED: {
    category: 'paypal_declined',
    message: 'PayPal was unable to process your payment method.',
    suggestions: [
      'Choose a different funding source in your PayPal account',
      'Check your PayPal account for any issues',
      'Pay with a credit card instead',
    ],
  },
  INSUFFICIENT_FUNDS: {
    category: 'paypal_declined',
    message: 'Your PayPal account has insufficient funds.',
    suggestions: ['Add funds to your PayPal account', 'Link a card or bank account to PayPal', 'Pay with a credit card instead'],
  },
} as const satisfies Record<string, PaymentErrorEntry>;

/** Used when no known code is found; chosen by keywords in the error text. */
export const FALLBACK_PAYMENT_ERRORS = {
  GENERIC_DECLINED: {
    category: 'card_declined',
    message: 'Your payment was declined by your bank.',
    suggestions: [CONTACT_BANK, TRY_OTHER_METHOD, 'Use a different card'],
  },
  NETWORK_ERROR: {
    category: 'technical',
    message: 'There was a connection issue while processing your payment.',
    suggestions: ['Check your internet connection', 'Wait a moment and try again', 'Contact us if the problem continues'],
  },
  INVALID_DATA: {
    category: 'validation',
    message: 'Some of the payment information appears to be incorrect.',
    suggestions: [CHECK_DETAILS, 'Make sure your billing address is complete', TRY_OTHER_METHOD],
  },
  UNKNOWN_ERROR: {
    category: 'unknown',
    message: 'We encountered an issue processing your payment.',
    suggestions: ['Try again in a few minutes', TRY_OTHER_METHOD, 'Contact us if the problem continues'],
  },
} as const satisfies Record<string, PaymentErrorEntry>;

export type CardPaymentErrorCode = keyof typeof CARD_PAYMENT_ERRORS;
export type PayPalPaymentErrorCode = keyof typeof PAYPAL_PAYMENT_ERRORS;
export type FallbackPaymentErrorCode = keyof typeof FALLBACK_PAYMENT_ERRORS;
export type PaymentErrorCode = CardPaymentErrorCode | PayPalPaymentErrorCode | FallbackPaymentErrorCode;

// Checked in order: the first group whose keyword appears in the text wins.
const FALLBACK_KEYWORDS: ReadonlyArray<readonly [FallbackPaymentErrorCode, readonly string[]]> = [
  ['GENERIC_DECLINED', ['declined', 'deny']],
  ['NETWORK_ERROR', ['network', 'connection', 'timeout']],
  ['INVALID_DATA', ['invalid', 'format']],
];

export function dialogTitle(category: string): string {
  switch (category) {
    case 'card_declined':
      return 'Card Declined';
    case 'card_validation':
      return 'Card Information Issue';
    case 'paypal_declined':
      return 'PayPal Payment Issue';
    case 'technical':
      return 'Technical Issue';
    case 'limits':
      return 'Transaction Limit';
    default:
      return 'Payment Issue';
  }
}

function lookup(code: string, provider: PaymentProvider): PaymentErrorEntry | undefined {
  const tables: ReadonlyArray<Record<string, PaymentErrorEntry>> =
    provider === 'paypal'
      ? [PAYPAL_PAYMENT_ERRORS, CARD_PAYMENT_ERRORS, FALLBACK_PAYMENT_ERRORS]
      : [CARD_PAYMENT_ERRORS, PAYPAL_PAYMENT_ERRORS, FALLBACK_PAYMENT_ERRORS];
  for (const table of tables) {
    if (Object.hasOwn(table, code)) return table[code];
  }
  return undefined;
}

function toInfo(code: string, entry: PaymentErrorEntry): PaymentErrorInfo {
  return {
    code,
    category: entry.category,
    title: dialogTitle(entry.category),
    message: entry.message,
    suggestions: [...entry.suggestions],
  };
}

/** The code candidates and the free text found in an error of any accepted shape. */
interface Extracted {
  codes: string[];
  text: string[];
}

function firstString(record: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

// The REST client turns a failed response into the message "<status>: <body>"; the body is
// often our own JSON error ({message, code}), which carries the real payment code.
function parseStatusBody(text: string): unknown {
  const match = /^\d{3}: (\{[\s\S]*\})\s*$/.exec(text.trim());
  if (!match?.[1]) return undefined;
  try {
    return JSON.parse(match[1]) as unknown;
  } catch {
    return undefined;
  }
}

function extract(error: unknown, depth = 0): Extracted {
  const found: Extracted = { codes: [], text: [] };
  if (depth > 3 || error === null || error === undefined) return found;

  if (typeof error === 'string') {
    const body = parseStatusBody(error);
    if (body !== undefined) return extract(body, depth + 1);
    found.codes.push(error);
    found.text.push(error);
    return found;
  }
  if (typeof error !== 'object') return found;

  const record = error as Record<string, unknown>;
  const code = firstString(record, ['code', 'error_code', 'name', 'issue']);
  const detail = firstString(record, ['detail', 'message', 'description']);
  if (code !== undefined) found.codes.push(code);

  const body = detail === undefined ? undefined : parseStatusBody(detail);
  if (body !== undefined) {
    const inner = extract(body, depth + 1);
    found.codes.unshift(...inner.codes); // the response body knows more than the wrapper
    found.text.push(...inner.text);
  } else if (detail !== undefined) {
    // An error's message may itself be a code, e.g. new Error('CARD_DECLINED').
    found.codes.push(detail);
    found.text.push(detail);
  }

  // Square answers {errors: [{code, detail}]}; PayPal answers {details: [{issue, description}]}.
  for (const key of ['errors', 'details'] as const) {
    const list = record[key];
    if (Array.isArray(list) && list.length > 0) {
      const inner = extract(list[0], depth + 1);
      found.codes.unshift(...inner.codes);
      found.text.push(...inner.text);
    }
  }
  if (code !== undefined) found.text.push(code);
  return found;
}

/**
 * Maps a payment error to what the dialog shows. Accepts a plain string (a code or free text),
 * an Error, or an object with code / error_code / name plus detail / message / description.
 * A known code (case-insensitive) wins; otherwise keywords in the text pick a fallback.
 */
export function mapPaymentError(error: unknown, provider: PaymentProvider = 'card'): PaymentErrorInfo {
  const { codes, text } = extract(error);

  for (const candidate of codes) {
    const code = candidate.trim().toUpperCase();
    const entry = lookup(code, provider);
    if (entry) return toInfo(code, entry);
  }

  const haystack = text.join(' ').toLowerCase();
  for (const [code, keywords] of FALLBACK_KEYWORDS) {
    if (keywords.some((keyword) => haystack.includes(keyword))) {
      return toInfo(code, FALLBACK_PAYMENT_ERRORS[code]);
    }
  }
  return toInfo('UNKNOWN_ERROR', FALLBACK_PAYMENT_ERRORS.UNKNOWN_ERROR);
}
