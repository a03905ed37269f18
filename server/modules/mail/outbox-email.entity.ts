import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

// Every email the shop sends is written here first (D14); a trigger queues its delivery job in the same
// transaction (migrations/Migration20261124160000.ts), and the job marks it sent, or failed once it gives up.
export const OutboxEmail = defineEntity({
  name: 'OutboxEmail',
  tableName: 'outbox_email',
  properties: {
    id: p.integer().primary().autoincrement(),
    toAddress: p.string().length(254),
    subject: p.string().length(300),
    text: p.text(),
    // The same content as HTML, when the email has it (sent as the alternative to the text part).
    html: p.text().nullable(),
    // Who a reply goes to, e.g. the customer of a contact notification.
    replyTo: p.string().length(254).nullable(),
    // Further headers, e.g. List-Unsubscribe on newsletter mail.
    headers: p.json<Record<string, string>>().nullable(),
    // What the email is about, e.g. 'order-confirmation' or 'contact-notification'.
    kind: p.string().length(40),
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
