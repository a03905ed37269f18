import { describe, expect, it } from 'vitest';
import { SUBJECT_OPTIONS, subjectLabel, subjectSchema } from './subjects';

describe('subjects', () => {
  it('lists the five contact subjects', () => {
    expect(SUBJECT_OPTIONS).toEqual([
      { value: 'general', label: 'General Inquiry' },
      { value: 'custom', label: 'Custom Order' },
      { value: 'shipping', label: 'Shipping Question' },
      { value: 'return', label: 'Returns & Exchanges' },
      { value: 'wholesale', label: 'Wholesale Inquiry' },
    ]);
  });

  it('accepts only those values', () => {
    expect(subjectSchema.parse('return')).toBe('return');
    expect(subjectSchema.safeParse('returns').success).toBe(false);
    expect(subjectSchema.safeParse('').success).toBe(false);
  });

  it('labels a subject', () => {
    expect(subjectLabel('wholesale')).toBe('Wholesale Inquiry');
  });
});
