import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

// Every email the shop sends is written here first (D14), as its kind and data; a trigger queues its delivery job
// in the same transaction (migrations/Migration20261124160000.ts), and the job renders it (text, html), then marks it
// sent, or failed once it gives up.
export const OutboxEmail = defineEntity({
  name: 'OutboxEmail',
  tableName: 'outbox_email',
  properties: {
    id: p.integer().primary().autoincrement(),
    toAddress: p.string().length(254),
    subject: p.string().length(300),
    // What the delivery job renders from `kind` and `data` (server/emails/render-email.ts): null until it has.
    text: p.text().nullable(),
    // The same content as HTML (sent as the alternative to the text part).
    html: p.text().nullable(),
    // Who a reply goes to, e.g. the customer of a contact notification.
    replyTo: p.string().length(254).nullable(),
    // Further headers, e.g. List-Unsubscribe on newsletter mail.
    headers: p.json<Record<string, string>>().nullable(),
    // What the email is about, e.g. 'order-confirmation' or 'contact-notification'.
    kind: p.string().length(40),
    // What its template is given (EmailData of its kind); null for an email written with its text.
    data: p.json<unknown>().nullable(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .index(),
    sentAt: p.datetime().nullable(),
    // Delivery attempts so far, and when delivery was given up (after the job's last attempt).
    attempts: p.integer().default(0),
    failedAt: p.datetime().nullable(),
    lastError: p.text().nullable(),
  },
});

export type IOutboxEmail = InferEntity<typeof OutboxEmail>;
