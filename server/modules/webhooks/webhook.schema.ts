import { z } from 'zod';
import { idSchema } from '../../domain/ids';
import { noCoerce } from '../../domain/no-coerce';
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENT_TYPES } from '../../domain/webhook-events';
import type { IWebhookDelivery, IWebhookEndpoint } from './webhook.entity';

const eventList = WEBHOOK_EVENT_TYPES.join(', ');

const urlInput = z
  .string('is required')
  .trim()
  .min(1, 'is required')
  .max(2048, 'must be at most 2048 characters')
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }))
  .meta({
    description: 'Where each event is POSTed: https:// in production, never a loopback, private or link-local address',
    example: 'https://hooks.example.com/turnery',
    format: 'uri',
  });

const eventsInput = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of ${eventList}` }), `must be a list of events among ${eventList}`)
  .min(1, `must name at least one event (${eventList})`)
  .transform((events) => [...new Set(events)]);

// A JSON body must say true or false: "false" is not quietly read as true (see noCoerce).
const enabledInput = noCoerce(z.boolean('must be true or false'));

export const createEndpointInput = z.object({
  url: urlInput,
  events: eventsInput,
  enabled: enabledInput.default(true),
});

export const updateEndpointInput = z.object({
  id: idSchema,
  url: urlInput.optional(),
  events: eventsInput.optional(),
  enabled: enabledInput.optional(),
});

export const rotateSecretInput = z.object({
  id: idSchema,
  // The old secret keeps signing (beside the new one) this many hours, so the receiver can switch without a gap.
  keepOldSecretHours: noCoerce(
    z
      .number('must be a number of hours from 0 to 24')
      .int('must be a whole number of hours')
      .min(0, 'must be 0 or more')
      .max(24, 'must be 24 at most'),
  ).default(24),
});

export const deliveriesInput = z.object({
  endpointId: idSchema.optional(),
  state: z.enum(WEBHOOK_DELIVERY_STATES, { error: `state must be one of ${WEBHOOK_DELIVERY_STATES.join(', ')}` }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const endpointOutput = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** After a rotation: until when the old secret also signs deliveries. */
  previousSecretExpiresAt: z.string().nullable(),
});

export const secretOutput = z.object({ secret: z.string(), previousSecretExpiresAt: z.string().nullable() });

export const createdEndpointOutput = endpointOutput.extend({ secret: z.string() });

export const deliveryOutput = z.object({
  id: z.number().int(),
  endpointId: z.number().int(),
  eventId: z.string(),
  eventType: z.string(),
  /** pending: waiting for its next attempt; delivered: answered with a 2xx; failed: given up after the last attempt. */
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  /** The receiver's last HTTP status (null when it never answered). */
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});

export const deliveryPage = z.object({
  deliveries: z.array(deliveryOutput),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

const liveUntil = (expiresAt: Date | null | undefined) => (expiresAt && expiresAt > new Date() ? expiresAt.toISOString() : null);

export function toEndpointDto(row: IWebhookEndpoint): z.infer<typeof endpointOutput> {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    previousSecretExpiresAt: row.previousSecret ? liveUntil(row.previousSecretExpiresAt) : null,
  };
}

export function toSecretDto(row: IWebhookEndpoint): z.infer<typeof secretOutput> {
  return { secret: row.secret, previousSecretExpiresAt: toEndpointDto(row).previousSecretExpiresAt };
}

export function toDeliveryDto(row: IWebhookDelivery): z.infer<typeof deliveryOutput> {
  return {
    id: row.id,
    endpointId: row.endpoint.id,
    eventId: row.event.id,
    eventType: row.event.type,
    state: row.state,
    attempts: row.attempts,
    lastStatus: row.lastStatus ?? null,
    lastError: row.lastError ?? null,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}
