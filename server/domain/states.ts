import { z } from 'zod';

// The six states the shop ships to, in docs/product.md order (section 5; D6 accepts only these).

export const STATES = [
  { value: 'GA', label: 'Georgia' },
  { value: 'NC', label: 'North Carolina' },
  { value: 'SC', label: 'South Carolina' },
  { value: 'TN', label: 'Tennessee' },
  { value: 'FL', label: 'Florida' },
  { value: 'AL', label: 'Alabama' },
] as const;

export const STATE_CODES = ['GA', 'NC', 'SC', 'TN', 'FL', 'AL'] as const;

export const stateSchema = /* @__PURE__ */ z.enum(STATE_CODES);

export type StateCode = z.infer<typeof stateSchema>;

export function stateName(code: StateCode): string {
  return STATES.find((s) => s.value === code)?.label ?? code;
}
