import { describe, expect, it } from 'vitest';
import { contactFieldErrors, contactInput } from './contact-form';

const valid = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', subject: 'custom', message: 'A bowl, please.' };

describe('contact form rules', () => {
  it('accepts a complete message and trims it', () => {
    expect(contactInput.parse({ ...valid, firstName: '  Ada ', email: ' ada@example.com ' })).toMatchObject({
      firstName: 'Ada',
      email: 'ada@example.com',
    });
    expect(contactFieldErrors(valid)).toEqual({});
  });

  it('names every missing field', () => {
    expect(contactFieldErrors({})).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      subject: 'Choose a subject',
      message: 'Message is required',
    });
  });

  it('treats blank text as missing', () => {
    expect(contactFieldErrors({ ...valid, message: '   ' })).toEqual({ message: 'Message is required' });
  });

  it('refuses a malformed email and an unknown subject', () => {
    expect(contactFieldErrors({ ...valid, email: 'ada@', subject: 'spam' })).toEqual({
      email: 'Enter a valid email address',
      subject: 'Choose a subject',
    });
  });

  it('bounds the lengths', () => {
    expect(contactFieldErrors({ ...valid, lastName: 'x'.repeat(101), message: 'x'.repeat(5001) })).toEqual({
      lastName: 'Last name must be at most 100 characters',
      message: 'Message must be at most 5000 characters',
    });
    expect(contactFieldErrors({ ...valid, message: 'x'.repeat(5000) })).toEqual({});
  });
});
