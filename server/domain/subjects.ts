import { z } from 'zod';

// Contact form subjects (docs/product.md section 3, Contact message).

export const SUBJECT_OPTIONS = [
  { value: 'general', label: 'General Inquiry' },
  { value: 'custom', label: 'Custom Order' },
  { value: 'shipping', label: 'Shipping Question' },
  { value: 'return', label: 'Returns & Exchanges' },
  { value: 'wholesale', label: 'Wholesale Inquiry' },
] as const;

export const SUBJECT_VALUES = ['general', 'custom', 'shipping', 'return', 'wholesale'] as const;

export const subjectSchema = /* @__PURE__ */ z.enum(SUBJECT_VALUES);

export type Subject = z.infer<typeof subjectSchema>;

export function subjectLabel(subject: Subject): string {
  return SUBJECT_OPTIONS.find((s) => s.value === subject)?.label ?? subject;
}
