import type { StateCode } from '../../../server/domain/states';

/** docs/product.md section 3's checkout form. */
export interface CheckoutForm {
  email: string;
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: StateCode | '';
  zipCode: string;
  phone: string;
}

export const EMPTY_FORM: CheckoutForm = {
  email: '',
  firstName: '',
  lastName: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  phone: '',
};

export const FIELD_LABELS: Record<keyof CheckoutForm, string> = {
  email: 'Email',
  firstName: 'First name',
  lastName: 'Last name',
  address: 'Address',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP code',
  phone: 'Phone',
};

/** The inline message for one field, or null when it is fine. Mirrors what the server accepts. */
export function fieldError(field: keyof CheckoutForm, value: string): string | null {
  const text = value.trim();
  if (text === '') return `${FIELD_LABELS[field]} is required`;
  if (field === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) return 'Enter a valid email address';
  if (field === 'zipCode' && !/^\d{5}(-\d{4})?$/.test(text)) return 'Enter a 5-digit ZIP code';
  if (field === 'phone' && !/^[0-9+()\-.\s]{7,25}$/.test(text)) return 'Enter a valid phone number';
  return null;
}

export function formErrors(form: CheckoutForm): Partial<Record<keyof CheckoutForm, string>> {
  const errors: Partial<Record<keyof CheckoutForm, string>> = {};
  for (const field of Object.keys(FIELD_LABELS) as (keyof CheckoutForm)[]) {
    const error = fieldError(field, form[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

/** docs/product.md section 5: the payment buttons wait for email, first name, last name, address and state. */
export function paymentReady(form: CheckoutForm): boolean {
  return [form.email, form.firstName, form.lastName, form.address, form.state].every((value) => value.trim() !== '');
}

/** The buyer as Square's buyer verification reads it (the card's own postal code is in Square's fields). */
export function billingContactOf(form: CheckoutForm) {
  return {
    givenName: form.firstName.trim(),
    familyName: form.lastName.trim(),
    email: form.email.trim(),
    addressLines: [form.address.trim()],
    city: form.city.trim(),
    state: form.state,
    ...(form.phone.trim() ? { phone: form.phone.trim() } : {}),
  };
}
