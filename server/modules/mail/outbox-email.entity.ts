import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

// Every email the shop sends is written here first (D14); with SMTP configured it is then sent and marked.
export const OutboxEmail = defineEntity({
  name: 'OutboxEmail',
  tableName: 'outbox_email',
  properties: {
    id: p.integer().primary().autoincrement(),
    toAddress: p.string().length(254),
    subject: p.string().length(300),
    text: p.text(),
    // What the email is about, e.g. 'order-confirmation' or 'contact-notification'.
    kind: p.string().length(40),
    createdAt: p.datetime().onCreate(() => new Date()),
    sentAt: p.datetime().nullable(),
    lastError: p.text().nullable(),
  },
});

export type IOutboxEmail = InferEntity<typeof OutboxEmail>;
