import { z } from 'zod';
import type { IContactMessage } from './contact-message.entity';

// A contact message as the owner's API shows it (and as its webhook event carries it).
export const contactOutput = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

export const toContactDto = (row: IContactMessage): z.infer<typeof contactOutput> => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  subject: row.subject,
  message: row.message,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});
