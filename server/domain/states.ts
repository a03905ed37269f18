import { z } from 'zod';

// Every state the shop could ship to: the 50 states and DC (D39). SPEC's six come first, in docs/product.md order
// (section 5), so a new shop's pickers read as SPEC's; the rest follow by name. Where the shop really ships is the
// owner's setting (server/domain/sales-rules.ts); this list only names the states and bounds the inputs.

export const STATES = [
  { value: 'GA', label: 'Georgia' },
  { value: 'NC', label: 'North Carolina' },
  { value: 'SC', label: 'South Carolina' },
  { value: 'TN', label: 'Tennessee' },
  { value: 'FL', label: 'Florida' },
  { value: 'AL', label: 'Alabama' },
  { value: 'AK', label: 'Alaska' },
  { value: 'AZ', label: 'Arizona' },
  { value: 'AR', label: 'Arkansas' },
  { value: 'CA', label: 'California' },
  { value: 'CO', label: 'Colorado' },
  { value: 'CT', label: 'Connecticut' },
  { value: 'DE', label: 'Delaware' },
  { value: 'DC', label: 'District of Columbia' },
  { value: 'HI', label: 'Hawaii' },
  { value: 'ID', label: 'Idaho' },
  { value: 'IL', label: 'Illinois' },
  { value: 'IN', label: 'Indiana' },
  { value: 'IA', label: 'Iowa' },
  { value: 'KS', label: 'Kansas' },
  { value: 'KY', label: 'Kentucky' },
  { value: 'LA', label: 'Louisiana' },
  { value: 'ME', label: 'Maine' },
  { value: 'MD', label: 'Maryland' },
  { value: 'MA', label: 'Massachusetts' },
  { value: 'MI', label: 'Michigan' },
  { value: 'MN', label: 'Minnesota' },
  { value: 'MS', label: 'Mississippi' },
  { value: 'MO', label: 'Missouri' },
  { value: 'MT', label: 'Montana' },
  { value: 'NE', label: 'Nebraska' },
  { value: 'NV', label: 'Nevada' },
  { value: 'NH', label: 'New Hampshire' },
  { value: 'NJ', label: 'New Jersey' },
  { value: 'NM', label: 'New Mexico' },
  { value: 'NY', label: 'New York' },
  { value: 'ND', label: 'North Dakota' },
  { value: 'OH', label: 'Ohio' },
  { value: 'OK', label: 'Oklahoma' },
  { value: 'OR', label: 'Oregon' },
  { value: 'PA', label: 'Pennsylvania' },
  { value: 'RI', label: 'Rhode Island' },
  { value: 'SD', label: 'South Dakota' },
  { value: 'TX', label: 'Texas' },
  { value: 'UT', label: 'Utah' },
  { value: 'VT', label: 'Vermont' },
  { value: 'VA', label: 'Virginia' },
  { value: 'WA', label: 'Washington' },
  { value: 'WV', label: 'West Virginia' },
  { value: 'WI', label: 'Wisconsin' },
  { value: 'WY', label: 'Wyoming' },
] as const;

export type StateCode = (typeof STATES)[number]['value'];

export const STATE_CODES = STATES.map((state) => state.value) as [StateCode, ...StateCode[]];

/** SPEC's six (docs/product.md section 5): where a new shop ships and collects tax (D39's starting settings). */
export const SPEC_STATE_CODES = ['GA', 'NC', 'SC', 'TN', 'FL', 'AL'] as const satisfies readonly StateCode[];

export const stateSchema = /* @__PURE__ */ z.enum(STATE_CODES, { error: 'must be a US state code such as GA or NY' });

export function stateName(code: StateCode): string {
  return STATES.find((s) => s.value === code)?.label ?? code;
}

/** The states in the pickers' order (SPEC's six first, then by name), each once. */
export function inStateOrder(codes: Iterable<StateCode>): StateCode[] {
  const wanted = new Set(codes);
  return STATE_CODES.filter((code) => wanted.has(code));
}
