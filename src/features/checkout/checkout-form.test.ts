import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, fieldError, formErrors, paymentReady } from './checkout-form';

const filled = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Turner',
  address: '12 Lathe Lane',
  city: 'Athens',
  state: 'GA' as const,
  zipCode: '30601',
  phone: '706-555-0100',
};

describe('the checkout form', () => {
  it('enables payment once email, names, address and state are filled, whatever the other fields', () => {
    expect(paymentReady(EMPTY_FORM)).toBe(false);
    expect(paymentReady({ ...EMPTY_FORM, email: 'a@b.co', firstName: 'A', lastName: 'B', address: '1 St' })).toBe(false);
    expect(paymentReady({ ...EMPTY_FORM, email: 'a@b.co', firstName: 'A', lastName: 'B', address: '1 St', state: 'GA' })).toBe(true);
    expect(paymentReady({ ...filled, firstName: '  ' })).toBe(false);
  });

  it('requires all eight fields, with a message that names the field', () => {
    expect(Object.keys(formErrors(EMPTY_FORM))).toHaveLength(8);
    expect(formErrors(filled)).toEqual({});
    expect(fieldError('city', '')).toBe('City is required');
  });

  it('checks the email, ZIP code and phone the way the server does', () => {
    expect(fieldError('email', 'ada@')).toBe('Enter a valid email address');
    expect(fieldError('zipCode', '3060')).toBe('Enter a 5-digit ZIP code');
    expect(fieldError('zipCode', '30601-1234')).toBeNull();
    expect(fieldError('phone', 'call me')).toBe('Enter a valid phone number');
  });
});
