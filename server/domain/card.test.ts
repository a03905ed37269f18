import { describe, expect, it } from 'vitest';
import {
  cardNumberValid,
  cvvValid,
  expiryInPast,
  formatCardNumber,
  formatCvv,
  formatExpiry,
  lastFour,
  luhnValid,
  parseExpiry,
} from './card';

describe('formatCardNumber', () => {
  it('keeps digits only and groups them in fours', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('4111-1111 abc 11')).toBe('4111 1111 11');
    expect(formatCardNumber('4111')).toBe('4111');
    expect(formatCardNumber('41111')).toBe('4111 1');
    expect(formatCardNumber('')).toBe('');
  });

  it('never exceeds 19 characters', () => {
    const formatted = formatCardNumber('41111111111111112222');
    expect(formatted).toBe('4111 1111 1111 1111');
    expect(formatted.length).toBe(19);
  });
});

describe('formatExpiry', () => {
  it('formats digits as MM/YY', () => {
    expect(formatExpiry('1225')).toBe('12/25');
    expect(formatExpiry('12/25')).toBe('12/25');
    expect(formatExpiry('122')).toBe('12/2');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('ab')).toBe('');
  });

  it('never exceeds 5 characters', () => {
    expect(formatExpiry('122599')).toBe('12/25');
  });
});

describe('formatCvv', () => {
  it('keeps up to four digits', () => {
    expect(formatCvv('12a3')).toBe('123');
    expect(formatCvv('123456')).toBe('1234');
  });
});

describe('luhnValid', () => {
  it('accepts numbers with a correct checksum', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4000 0000 0000 0002')).toBe(true);
    expect(luhnValid('4000000000009995')).toBe(true);
    expect(luhnValid('79927398713')).toBe(true);
  });

  it('refuses a wrong checksum, letters and empty input', () => {
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('4111a11111111111')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });
});

describe('cardNumberValid and cvvValid', () => {
  it('needs 12-19 digits passing Luhn', () => {
    expect(cardNumberValid('4111 1111 1111 1111')).toBe(true);
    expect(cardNumberValid('0')).toBe(false); // Luhn-valid but far too short
    expect(cardNumberValid('4111 1111 1111 1112')).toBe(false);
  });

  it('needs 3 or 4 digits of CVV', () => {
    expect(cvvValid('123')).toBe(true);
    expect(cvvValid('1234')).toBe(true);
    expect(cvvValid('12')).toBe(false);
    expect(cvvValid('12a')).toBe(false);
  });
});

describe('expiry', () => {
  const now = new Date(2025, 5, 15); // 15 June 2025, local time

  it('parses MM/YY and refuses anything else', () => {
    expect(parseExpiry('06/25')).toEqual({ month: 6, year: 2025 });
    expect(parseExpiry('13/25')).toBeNull();
    expect(parseExpiry('00/25')).toBeNull();
    expect(parseExpiry('0625')).toBeNull();
  });

  it('treats a card as valid through the end of its month', () => {
    expect(expiryInPast('06/25', now)).toBe(false);
    expect(expiryInPast('07/25', now)).toBe(false);
    expect(expiryInPast('01/26', now)).toBe(false);
    expect(expiryInPast('05/25', now)).toBe(true);
    expect(expiryInPast('12/24', now)).toBe(true);
  });

  it('does not call unparseable text past', () => {
    expect(expiryInPast('garbage', now)).toBe(false);
  });
});

describe('lastFour', () => {
  it('returns the last four digits', () => {
    expect(lastFour('4111 1111 1111 1234')).toBe('1234');
    expect(lastFour('12')).toBe('12');
  });
});
