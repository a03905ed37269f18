import type { StateCode } from '../../../server/domain/states';
import type { CardBillingContact } from '../payment';

/** Where a commission ships: its state is the request's (the quote's shipping and tax are for it). */
export interface AddressForm {
  address: string;
  city: string;
  zipCode: string;
  phone: string;
}
export type AddressField = keyof AddressForm;

export const EMPTY_ADDRESS: AddressForm = { address: '', city: '', zipCode: '', phone: '' };

export const ADDRESS_LABELS: Record<AddressField, string> = {
  address: 'Street address',
  city: 'City',
  zipCode: 'ZIP code',
  phone: 'Phone',
};

/** The inline message for one field, or null when it is fine; the same rules as the checkout's. */
export function addressError(field: AddressField, value: string): string | null {
  const text = value.trim();
  if (text === '') return `${ADDRESS_LABELS[field]} is required`;
  if (field === 'zipCode' && !/^\d{5}(-\d{4})?$/.test(text)) return 'Enter a 5-digit ZIP code';
  if (field === 'phone' && !/^[0-9+()\-.\s]{7,25}$/.test(text)) return 'Enter a valid phone number';
  return null;
}

export const addressComplete = (form: AddressForm) =>
  (Object.keys(ADDRESS_LABELS) as AddressField[]).every((field) => addressError(field, form[field]) === null);

/** The addresses the deposit is paid with: the piece ships there, and the card's holder lives there. */
export function addressesOf(form: AddressForm, state: StateCode) {
  const base = { address: form.address.trim(), city: form.city.trim(), state, zipCode: form.zipCode.trim() };
  return { shippingAddress: { ...base, phone: form.phone.trim() }, billingAddress: base };
}

/** The buyer as Square's buyer verification reads it. */
export function billingContact(name: string, email: string, form: AddressForm | null, state: string): CardBillingContact {
  const [givenName = name, ...rest] = name.trim().split(/\s+/);
  return {
    givenName,
    familyName: rest.join(' '),
    email,
    addressLines: form ? [form.address.trim()] : [],
    city: form?.city.trim() ?? '',
    state,
    ...(form?.phone.trim() ? { phone: form.phone.trim() } : {}),
  };
}
