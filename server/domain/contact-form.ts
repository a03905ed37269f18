import { z } from 'zod';
import { SUBJECT_VALUES } from './subjects';

import { CONTACT_LIMITS } from './contact-limits';

// The contact form's rules (docs/product.md sections 3 and 5), shared by the page and the server.
export { CONTACT_LIMITS };

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const contactInput = z.object({
  firstName: requiredText('First name', CONTACT_LIMITS.name).describe("The sender's first name"),
  lastName: requiredText('Last name', CONTACT_LIMITS.name).describe("The sender's last name"),
  email: requiredText('Email', CONTACT_LIMITS.email)
    .pipe(z.email('Enter a valid email address'))
    .describe('Where the reply goes (an acknowledgement is sent there at once)'),
  subject: z
    .enum(SUBJECT_VALUES, { error: 'Choose a subject' })
    .describe('general, custom (a custom order), shipping, return (returns and exchanges) or wholesale'),
  message: requiredText('Message', CONTACT_LIMITS.message).describe('The message'),
});

export type ContactInput = z.infer<typeof contactInput>;
export type ContactField = keyof ContactInput;

/** The first problem with each field, for inline messages under the inputs. */
export function contactFieldErrors(values: unknown): Partial<Record<ContactField, string>> {
  const result = contactInput.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<ContactField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return errors;
}
