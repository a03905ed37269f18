import { describe, expect, it } from 'vitest';
import { decideCard, decidePayPal } from './sandbox-rules';

const now = new Date('2026-06-15T12:00:00Z');
const card = (overrides: Partial<{ cardNumber: string; expiryDate: string; cvv: string; cardholderName: string }> = {}) => ({
  cardNumber: '4111 1111 1111 1111',
  expiryDate: '12/30',
  cvv: '123',
  cardholderName: 'Ada Turner',
  ...overrides,
});

describe('the sandbox card decisions (D12)', () => {
  it('approves the approved test card, with or without spaces', () => {
    expect(decideCard(card(), '30601', now)).toBeNull();
    expect(decideCard(card({ cardNumber: '4111111111111111' }), undefined, now)).toBeNull();
  });

  it.each([
    ['4000 0000 0000 0002', 'CARD_DECLINED'],
    ['4000 0000 0000 9995', 'INSUFFICIENT_FUNDS'],
    ['4000 0000 0000 0119', 'GENERIC_DECLINE'],
    ['4000 0000 0000 0127', 'CARD_NOT_SUPPORTED'],
    ['4000 0000 0000 0135', 'PAYMENT_LIMIT_EXCEEDED'],
    ['4000 0000 0000 0143', 'TRANSACTION_LIMIT'],
  ])('declines %s with %s', (cardNumber, code) => {
    expect(decideCard(card({ cardNumber }), undefined, now)?.code).toBe(code);
  });

  it('fails CVV 911, billing zip 99999, a past expiry and a Luhn failure with their codes', () => {
    expect(decideCard(card({ cvv: '911' }), undefined, now)?.code).toBe('CVV_FAILURE');
    expect(decideCard(card(), '99999', now)?.code).toBe('ADDRESS_VERIFICATION_FAILURE');
    expect(decideCard(card({ expiryDate: '05/26' }), undefined, now)?.code).toBe('EXPIRED_CARD');
    expect(decideCard(card({ expiryDate: '06/26' }), undefined, now)).toBeNull(); // valid through its month
    expect(decideCard(card({ cardNumber: '4111 1111 1111 1112' }), undefined, now)?.code).toBe('INVALID_CARD');
  });

  it('calls malformed or missing details an invalid card', () => {
    expect(decideCard(undefined, undefined, now)?.code).toBe('INVALID_CARD');
    expect(decideCard(card({ expiryDate: '13/30' }), undefined, now)?.code).toBe('INVALID_CARD');
    expect(decideCard(card({ cvv: '12' }), undefined, now)?.code).toBe('INVALID_CARD');
    expect(decideCard(card({ cardholderName: ' ' }), undefined, now)?.code).toBe('INVALID_CARD');
  });
});

describe('the sandbox PayPal decisions', () => {
  it('approves ordinary buyers and declines the documented test addresses', () => {
    expect(decidePayPal('ada@example.com')).toBeNull();
    expect(decidePayPal(undefined)).toBeNull();
    expect(decidePayPal('ada+instrument-declined@example.com')).toBe('INSTRUMENT_DECLINED');
    expect(decidePayPal('Ada+Insufficient-Funds@example.com')).toBe('INSUFFICIENT_FUNDS');
  });
});
