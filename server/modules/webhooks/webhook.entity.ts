import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { WebhookDeliveryState, WebhookEventType } from '../../domain/webhook-events';

// Webhooks (migrations/Migration20261125140000.ts): where the owner wants events sent, each event as sent, and
// each event's delivery to each endpoint subscribed to it when it happened.

export const WebhookEndpoint = defineEntity({
  name: 'WebhookEndpoint',
  tableName: 'webhook_endpoint',
  properties: {
    id: p.integer().primary().autoincrement(),
    url: p.string().length(2048),
    events: p.array<WebhookEventType>(),
    enabled: p.boolean().default(true),
    // Signs every delivery (HMAC-SHA256); the owner copies it into the receiver.
    secret: p.string().length(100),
    // After a rotation the old secret also signs, until it expires, so the receiver can be updated meanwhile.
    previousSecret: p.string().length(100).nullable(),
    previousSecretExpiresAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export const WebhookEvent = defineEntity({
  name: 'WebhookEvent',
  tableName: 'webhook_event',
  properties: {
    id: p.string().length(40).primary(),
    type: p.string().length(40),
    createdAt: p.datetime(),
    // The JSON body exactly as sent, so every attempt sends the same bytes.
    body: p.text().lazy(),
  },
});

export const WebhookDelivery = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_delivery',
  properties: {
    id: p.integer().primary().autoincrement(),
    event: () => p.manyToOne(WebhookEvent),
    endpoint: () => p.manyToOne(WebhookEndpoint).deleteRule('cascade'),
    state: p.string().length(10).$type<WebhookDeliveryState>().default('pending'),
    attempts: p.integer().default(0),
    // The receiver's last answer: its HTTP status, or what went wrong (timeout, refused connection, the body of a non-2xx).
    lastStatus: p.integer().nullable(),
    lastError: p.text().nullable(),
    lastAttemptAt: p.datetime().nullable(),
    nextAttemptAt: p.datetime().nullable(),
    deliveredAt: p.datetime().nullable(),
    // While one worker sends it, no other does (a 'Send again' during an attempt waits for it).
    sendingUntil: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type IWebhookEndpoint = InferEntity<typeof WebhookEndpoint>;
export type IWebhookDelivery = InferEntity<typeof WebhookDelivery>;
