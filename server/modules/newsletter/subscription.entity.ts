import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const NewsletterSubscription = defineEntity({
  name: 'NewsletterSubscription',
  tableName: 'newsletter_subscription',
  properties: {
    id: p.integer().primary().autoincrement(),
    // Stored trimmed and lower-case, so one address is one row.
    email: p.string().length(254).unique(),
    createdAt: p.datetime().onCreate(() => new Date()),
    unsubscribedAt: p.datetime().nullable(),
  },
});

export type INewsletterSubscription = InferEntity<typeof NewsletterSubscription>;
