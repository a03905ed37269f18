import { describe, expect, it } from 'vitest';
import { DECLINED_CARD_REASONS, DECLINED_REASONS_HEADING, TRY_HEADING, dialogTitle, mapPaymentError } from './payment-errors';

// docs/product.md section 8, 'Payment error mapping', row by row.
const CARD_ROWS = [
  ['CARD_DECLINED', 'card_declined', 'Card Declined', 'Your card was declined by your bank.'],
  ['INSUFFICIENT_FUNDS', 'card_declined', 'Card Declined', 'Your card has insufficient funds for this purchase.'],
  ['CVV_FAILURE', 'card_validation', 'Card Information Issue', 'The security code (CVV) you entered is incorrect.'],
  [
    'ADDRESS_VERIFICATION_FAILURE',
    'card_validation',
    'Card Information Issue',
    "Your billing address doesn't match what your bank has on file.",
  ],
  ['EXPIRED_CARD', 'card_validation', 'Card Information Issue', 'Your card has expired.'],
  ['GENERIC_DECLINE', 'processing', 'Payment Issue', 'Your payment was declined. This could be due to various security checks.'],
  ['CARD_NOT_SUPPORTED', 'card_validation', 'Card Information Issue', 'This type of card is not supported for online purchases.'],
  ['INVALID_CARD', 'card_validation', 'Card Information Issue', 'The card information you entered appears to be invalid.'],
  ['PAYMENT_LIMIT_EXCEEDED', 'limits', 'Transaction Limit', "This transaction exceeds your card's spending limit."],
  ['TRANSACTION_LIMIT', 'limits', 'Transaction Limit', 'This transaction exceeds the daily limit for your card.'],
] as const;

const PAYPAL_ROWS = [
  ['INSTRUMENT_DECLINED', 'paypal_declined', 'PayPal Payment Issue', 'PayPal was unable to process your payment method.'],
  ['INSUFFICIENT_FUNDS', 'paypal_declined', 'PayPal Payment Issue', 'Your PayPal account has insufficient funds.'],
] as const;

function expectThreeSuggestions(suggestions: string[]): void {
  expect(suggestions).toHaveLength(3);
  for (const s of suggestions) expect(s.trim()).not.toBe('');
  expect(new Set(suggestions).size).toBe(3);
}

describe('mapPaymentError: card table', () => {
  it.each(CARD_ROWS)('%s -> %s', (code, category, title, message) => {
    const info = mapPaymentError(code);
    expect(info).toEqual({ code, category, title, message, suggestions: expect.any(Array) as string[] });
    expectThreeSuggestions(info.suggestions);
  });
});

describe('mapPaymentError: PayPal table', () => {
  it.each(PAYPAL_ROWS)('%s -> %s', (code, category, title, message) => {
    const info = mapPaymentError(code, 'paypal');
    expect(info).toEqual({ code, category, title, message, suggestions: expect.any(Array) as string[] });
    expectThreeSuggestions(info.suggestions);
  });

  it('keeps the card and PayPal INSUFFICIENT_FUNDS apart', () => {
    expect(mapPaymentError('INSUFFICIENT_FUNDS').category).toBe('card_declined');
    expect(mapPaymentError('INSUFFICIENT_FUNDS', 'card').category).toBe('card_declined');
    expect(mapPaymentError('INSUFFICIENT_FUNDS', 'paypal').category).toBe('paypal_declined');
    expect(mapPaymentError('INSUFFICIENT_FUNDS', 'paypal').suggestions).not.toEqual(mapPaymentError('INSUFFICIENT_FUNDS').suggestions);
  });

  it('still maps card codes when the provider is PayPal', () => {
    expect(mapPaymentError('CARD_DECLINED', 'paypal').code).toBe('CARD_DECLINED');
  });
});

describe('mapPaymentError: fallbacks by text', () => {
  it.each([
    ['Transaction declined by issuer', 'GENERIC_DECLINED', 'card_declined', 'Card Declined', 'Your payment was declined by your bank.'],
    ['Issuer chose to DENY the charge', 'GENERIC_DECLINED', 'card_declined', 'Card Declined', 'Your payment was declined by your bank.'],
    ['Network unreachable', 'NETWORK_ERROR', 'technical', 'Technical Issue', 'There was a connection issue while processing your payment.'],
    [
      'Connection reset by peer',
      'NETWORK_ERROR',
      'technical',
      'Technical Issue',
      'There was a connection issue while processing your payment.',
    ],
    ['Gateway Timeout', 'NETWORK_ERROR', 'technical', 'Technical Issue', 'There was a connection issue while processing your payment.'],
    ['Invalid postal code', 'INVALID_DATA', 'validation', 'Payment Issue', 'Some of the payment information appears to be incorrect.'],
    ['Bad expiry Format', 'INVALID_DATA', 'validation', 'Payment Issue', 'Some of the payment information appears to be incorrect.'],
    ['Something odd happened', 'UNKNOWN_ERROR', 'unknown', 'Payment Issue', 'We encountered an issue processing your payment.'],
  ])('%j -> %s', (text, code, category, title, message) => {
    const info = mapPaymentError(text);
    expect(info).toEqual({ code, category, title, message, suggestions: expect.any(Array) as string[] });
    expectThreeSuggestions(info.suggestions);
  });

  it('checks declined before network before invalid', () => {
    expect(mapPaymentError('declined after network timeout').code).toBe('GENERIC_DECLINED');
    expect(mapPaymentError('invalid response after a timeout').code).toBe('NETWORK_ERROR');
  });

  it('gives UNKNOWN_ERROR for empty or unusable input', () => {
    for (const input of ['', null, undefined, 42, {}, []]) {
      expect(mapPaymentError(input).code).toBe('UNKNOWN_ERROR');
    }
  });

  it('accepts the fallback codes themselves, e.g. sent back by the server', () => {
    expect(mapPaymentError('NETWORK_ERROR').category).toBe('technical');
    expect(mapPaymentError({ code: 'INVALID_DATA' }).category).toBe('validation');
  });
});

describe('mapPaymentError: input shapes', () => {
  it('a plain string code, in any case and with spaces around', () => {
    expect(mapPaymentError('cvv_failure').code).toBe('CVV_FAILURE');
    expect(mapPaymentError('  Expired_Card ').code).toBe('EXPIRED_CARD');
  });

  it('an Error, by its message', () => {
    expect(mapPaymentError(new Error('EXPIRED_CARD')).code).toBe('EXPIRED_CARD');
    expect(mapPaymentError(new Error('Request timeout')).code).toBe('NETWORK_ERROR');
    expect(mapPaymentError(new TypeError('Your card was declined')).code).toBe('GENERIC_DECLINED');
  });

  it('an Error carrying a code', () => {
    const error = Object.assign(new Error('Card problem'), { code: 'CARD_NOT_SUPPORTED' });
    expect(mapPaymentError(error).code).toBe('CARD_NOT_SUPPORTED');
  });

  it.each(['code', 'error_code', 'name'])('an object with %s', (key) => {
    expect(mapPaymentError({ [key]: 'transaction_limit' }).code).toBe('TRANSACTION_LIMIT');
  });

  it.each(['detail', 'message', 'description'])('an object with an unknown code and %s', (key) => {
    expect(mapPaymentError({ code: 'SOMETHING_ELSE', [key]: 'Card was declined' }).code).toBe('GENERIC_DECLINED');
    expect(mapPaymentError({ [key]: 'Connection lost' }).code).toBe('NETWORK_ERROR');
  });

  it('prefers a known code over the text', () => {
    expect(mapPaymentError({ code: 'CVV_FAILURE', detail: 'network declined' }).code).toBe('CVV_FAILURE');
    expect(mapPaymentError({ error_code: 'INSTRUMENT_DECLINED', description: 'x' }, 'paypal').code).toBe('INSTRUMENT_DECLINED');
  });

  it('falls back to words in an unknown code when there is no detail', () => {
    expect(mapPaymentError({ code: 'GATEWAY_TIMEOUT' }).code).toBe('NETWORK_ERROR');
  });

  it("Square's {errors: [...]} and PayPal's {details: [...]} bodies", () => {
    const square = { errors: [{ category: 'PAYMENT_METHOD_ERROR', code: 'ADDRESS_VERIFICATION_FAILURE', detail: 'AVS' }] };
    expect(mapPaymentError(square).code).toBe('ADDRESS_VERIFICATION_FAILURE');
    const paypal = {
      name: 'UNPROCESSABLE_ENTITY',
      message: 'The requested action could not be performed.',
      details: [{ issue: 'INSUFFICIENT_FUNDS', description: 'Buyer cannot pay.' }],
    };
    expect(mapPaymentError(paypal, 'paypal')).toMatchObject({ code: 'INSUFFICIENT_FUNDS', category: 'paypal_declined' });
  });

  it('the REST client\'s "<status>: <body>" error, reading our JSON error body', () => {
    const body = JSON.stringify({ message: 'Card was declined', code: 'PAYMENT_LIMIT_EXCEEDED' });
    expect(mapPaymentError(new Error(`402: ${body}`)).code).toBe('PAYMENT_LIMIT_EXCEEDED');
    expect(mapPaymentError(`402: ${body}`).code).toBe('PAYMENT_LIMIT_EXCEEDED');
    expect(mapPaymentError(new Error('502: Bad Gateway timeout')).code).toBe('NETWORK_ERROR');
    expect(mapPaymentError(new Error('500: {not json')).code).toBe('UNKNOWN_ERROR');
  });
});

describe('dialogTitle', () => {
  it.each([
    ['card_declined', 'Card Declined'],
    ['card_validation', 'Card Information Issue'],
    ['paypal_declined', 'PayPal Payment Issue'],
    ['technical', 'Technical Issue'],
    ['limits', 'Transaction Limit'],
    ['processing', 'Payment Issue'],
    ['validation', 'Payment Issue'],
    ['unknown', 'Payment Issue'],
    ['anything', 'Payment Issue'],
  ])('%s -> %s', (category, title) => {
    expect(dialogTitle(category)).toBe(title);
  });
});

describe('dialog texts', () => {
  it('has the headings letter for letter', () => {
    expect(TRY_HEADING).toBe("Here's what you can try:");
    expect(DECLINED_REASONS_HEADING).toBe('Common reasons for declined cards');
  });

  it('lists common reasons for declined cards', () => {
    expect(DECLINED_CARD_REASONS.length).toBeGreaterThanOrEqual(3);
    expect(DECLINED_CARD_REASONS.join(' ').toLowerCase()).toContain('insufficient funds');
  });
});
