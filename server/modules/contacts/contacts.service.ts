import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, sqlTransaction, type SqlSource } from '../../db/sql';
import type { ContactInput } from '../../domain/contact-form';
import type { PageWindow } from '../../contract/list-paging';
import type { AppServices } from '../../contract/app-services';
import { AppError } from '../../trpc/errors';
import type { Email } from '../mail';
import { ContactMessage, type IContactMessage } from './contact-message.entity';
import { toContactDto, type CONTACT_STATUSES } from './contact.schema';

// Every read and write of the contact messages: a sender's new message (contact.router.ts) and the owner's inbox
// (contacts.admin.router.ts). Every write is a statement (the SQL helper); the owner's pages read through the entity.

type ContactStatus = (typeof CONTACT_STATUSES)[number];

// A written message as the entity names its fields, so a statement's row and an entity's read are one shape.
const MESSAGE_COLUMNS = `id, first_name as "firstName", last_name as "lastName", email, subject, message, status, created_at as "createdAt"`;

/**
 * Keeps a message sent with the contact form, with its `emails` and its webhook event, in one transaction of
 * statements: the message, the owner's notification (D14) and the event are saved together or not at all.
 */
export function saveContactMessage(
  db: SqlSource,
  services: Pick<AppServices, 'mail' | 'webhooks'>,
  input: ContactInput,
  emails: Email[],
): Promise<IContactMessage> {
  return sqlTransaction(db, async (tx) => {
    const [message] = await tx.query<IContactMessage>(
      `insert into contact_message (first_name, last_name, email, subject, message, status, created_at)
       values ($1, $2, $3, $4, $5, 'new', now())
       returning ${MESSAGE_COLUMNS}`,
      [input.firstName, input.lastName, input.email, input.subject, input.message],
    );
    await services.mail.write(tx, emails);
    await services.webhooks.record(tx, 'contact.created', { object: toContactDto(message!) });
    return message!;
  });
}

const NEWEST_FIRST = { orderBy: { createdAt: 'desc', id: 'desc' } } as const;

/** A page of the messages, newest first, with how many there are. */
export function contactsPage(em: EntityManager, window: PageWindow): Promise<[IContactMessage[], number]> {
  return em.findAndCount(ContactMessage, {}, { ...NEWEST_FIRST, ...window });
}

/** A page of the messages (the unread ones only when asked), newest first, with how many match and how many are unread. */
export async function inboxPage(
  em: EntityManager,
  window: PageWindow,
  unreadOnly: boolean,
): Promise<{ messages: IContactMessage[]; total: number; unread: number }> {
  const [[messages, total], unread] = await Promise.all([
    em.findAndCount(ContactMessage, unreadOnly ? { status: 'new' } : {}, { ...NEWEST_FIRST, ...window }),
    // Its own fork: one EntityManager runs one query at a time.
    em.fork().count(ContactMessage, { status: 'new' }),
  ]);
  return { messages, total, unread };
}

/** Marks a message read ('read') or unread ('new'), or 404: one statement. */
export async function setContactStatus(db: SqlSource, id: number, status: ContactStatus): Promise<IContactMessage> {
  const [message] = await sql(db).query<IContactMessage>(
    `update contact_message set status = $2 where id = $1 returning ${MESSAGE_COLUMNS}`,
    [id, status],
  );
  if (!message) throw new AppError('NOT_FOUND', `No contact message with id ${id}`);
  return message;
}
