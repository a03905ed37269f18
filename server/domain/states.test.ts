import { describe, expect, it } from 'vitest';
import { inStateOrder, SPEC_STATE_CODES, STATES, stateName, stateSchema } from './states';

describe('states', () => {
  it("lists SPEC's six first, in SPEC order, then the other 44 states and DC", () => {
    expect(STATES.slice(0, 6).map((s) => `${s.value} ${s.label}`)).toEqual([
      'GA Georgia',
      'NC North Carolina',
      'SC South Carolina',
      'TN Tennessee',
      'FL Florida',
      'AL Alabama',
    ]);
    expect(STATES).toHaveLength(51);
    expect(new Set(STATES.map((s) => s.value)).size).toBe(51);
    expect(SPEC_STATE_CODES).toEqual(STATES.slice(0, 6).map((s) => s.value));
  });

  it('accepts any state code, upper case only', () => {
    expect(stateSchema.parse('TN')).toBe('TN');
    expect(stateSchema.parse('NY')).toBe('NY');
    expect(stateSchema.parse('DC')).toBe('DC');
    expect(stateSchema.safeParse('ga').success).toBe(false);
    expect(stateSchema.safeParse('XX').success).toBe(false);
  });

  it('names a state', () => {
    expect(stateName('SC')).toBe('South Carolina');
    expect(stateName('NY')).toBe('New York');
  });

  it('orders states as the pickers do, each once', () => {
    expect(inStateOrder(['NY', 'AL', 'GA', 'NY'])).toEqual(['GA', 'AL', 'NY']);
  });
});
