import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const ContactMessage = defineEntity({
  name: 'ContactMessage',
  tableName: 'contact_message',
  properties: {
    id: p.integer().primary().autoincrement(),
    firstName: p.string().length(100),
    lastName: p.string().length(100),
    email: p.string().length(254),
    subject: p.string().length(40),
    message: p.text(),
    // 'new' until the owner marks it 'read'.
    status: p.string().length(20).default('new'),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .index(),
  },
});

export type IContactMessage = InferEntity<typeof ContactMessage>;
