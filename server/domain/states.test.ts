import { describe, expect, it } from 'vitest';
import { STATES, stateName, stateSchema } from './states';

describe('states', () => {
  it('lists the six states in SPEC order', () => {
    expect(STATES.map((s) => `${s.value} ${s.label}`)).toEqual([
      'GA Georgia',
      'NC North Carolina',
      'SC South Carolina',
      'TN Tennessee',
      'FL Florida',
      'AL Alabama',
    ]);
  });

  it('accepts only those six codes', () => {
    expect(stateSchema.parse('TN')).toBe('TN');
    expect(stateSchema.safeParse('NY').success).toBe(false);
    expect(stateSchema.safeParse('ga').success).toBe(false);
  });

  it('names a state', () => {
    expect(stateName('SC')).toBe('South Carolina');
  });
});
