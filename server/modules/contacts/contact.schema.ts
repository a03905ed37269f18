import { z } from 'zod';
import { subjectSchema, type Subject } from '../../domain/subjects';
import { emailAddress, named, rowId, timestamp } from '../../contract/wire-schemas';
import type { IContactMessage } from './contact-message.entity';

// 'new' is the unread value (docs/product.md leaves its name open); the owner toggles a message between the two.
export const CONTACT_STATUSES = ['new', 'read'] as const;
type ContactStatus = (typeof CONTACT_STATUSES)[number];

const contactStatus = z.enum(CONTACT_STATUSES).meta({
  id: 'ContactStatus',
  examples: ['new'],
  description: "Whether the owner has read a contact message: 'new' (unread) or 'read'.",
});

const contactFields = z.object({
  id: rowId('The message id', 5),
  firstName: z.string().meta({ description: "The sender's first name", examples: ['Ada'] }),
  lastName: z.string().meta({ description: "The sender's last name", examples: ['Lovelace'] }),
  email: emailAddress("The sender's email (the reply goes there)"),
  subject: subjectSchema.meta({
    id: 'ContactSubject',
    examples: ['custom'],
    description:
      'What a contact message is about (docs/product.md section 3): general (General Inquiry), custom (Custom Order), shipping (Shipping Question), return (Returns & Exchanges), wholesale (Wholesale Inquiry).',
  }),
  message: z.string().meta({ description: 'The message' }),
  status: contactStatus,
  createdAt: timestamp('When it was sent'),
});

export const contactExample: z.infer<typeof contactFields> = {
  id: 5,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  subject: 'custom',
  message: 'Could you turn a yarn bowl in cherry with a wider slot?',
  status: 'new',
  createdAt: '2026-11-24T15:04:05.000Z',
};

// A contact message as the owner's API shows it (and as its webhook event carries it).
export const contactOutput = named(contactFields, 'ContactMessage', 'A message sent with the contact form.', contactExample);

export const toContactDto = (row: IContactMessage): z.infer<typeof contactOutput> => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  subject: row.subject as Subject,
  message: row.message,
  status: row.status as ContactStatus,
  createdAt: row.createdAt.toISOString(),
});
