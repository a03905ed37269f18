import type { CommissionBudget, CommissionWood } from '../../../server/domain/commissions';
import type { StateCode } from '../../../server/domain/states';

/** The request page's fields, as typed (the server checks them again and names any it refuses). */
export interface RequestValues {
  name: string;
  email: string;
  purpose: string;
  wood: CommissionWood | '';
  size: string;
  budget: CommissionBudget | '';
  neededBy: string;
  shipToState: StateCode | '';
}

export type RequestField = keyof RequestValues | 'photos';

export const EMPTY_REQUEST: RequestValues = {
  name: '',
  email: '',
  purpose: '',
  wood: '',
  size: '',
  budget: '',
  neededBy: '',
  shipToState: '',
};

export const REQUEST_LABELS: Record<RequestField, string> = {
  name: 'Your name',
  email: 'Email',
  purpose: 'What is it for?',
  wood: 'Wood',
  size: 'Size',
  budget: 'Budget',
  neededBy: 'Needed by',
  shipToState: 'Ship to',
  photos: 'Reference photos',
};

/** The order the fields appear in: the first one with a problem gets the keyboard. */
export const REQUEST_FIELDS: RequestField[] = ['name', 'email', 'purpose', 'wood', 'size', 'budget', 'neededBy', 'shipToState', 'photos'];

const REQUIRED: (keyof RequestValues)[] = ['name', 'email', 'purpose', 'wood', 'size', 'budget', 'shipToState'];

/** What the browser can tell before sending: empty required fields and an email without an @. */
export function requestErrors(values: RequestValues): Partial<Record<RequestField, string>> {
  const errors: Partial<Record<RequestField, string>> = {};
  for (const field of REQUIRED) {
    if (values[field].trim() === '') errors[field] = `${REQUEST_LABELS[field]} is required`;
  }
  if (!errors.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) errors.email = 'Enter a valid email address';
  return errors;
}

/**
 * The server's words for a field ("must be at most 200 characters") read as a sentence with the field's name in
 * front; a message that is a sentence already stays as it is.
 */
export function withLabel(field: RequestField, message: string): string {
  return /^[a-z]/.test(message) ? `${REQUEST_LABELS[field]} ${message}` : message;
}
