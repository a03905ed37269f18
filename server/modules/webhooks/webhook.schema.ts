import { z } from 'zod';
import { idSchema } from '../../domain/ids';
import {
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from '../../domain/webhook-events';
import { count, named, namedInput, rowId, timestamp, withPathParameters } from '../../contract/wire-schemas';
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
    examples: ['https://hooks.example.com/turnery'],
    format: 'uri',
  });

const eventType = z.enum(WEBHOOK_EVENT_TYPES).meta({
  id: 'WebhookEventType',
  description: WEBHOOK_EVENT_TYPES.map((type) => `${type}: ${WEBHOOK_EVENT_DESCRIPTIONS[type]}`).join('; '),
  examples: ['order.created'],
});

const eventsInput = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of ${eventList}` }), `must be a list of events among ${eventList}`)
  .min(1, `must name at least one event (${eventList})`)
  .transform((events) => [...new Set(events)])
  .describe(`The events it hears of, at least one of ${eventList}`);

const enabledInput = z.boolean('must be true or false').describe('Whether events are sent to it');

const endpointId = z.object({ id: idSchema.describe('The endpoint id') });

export const createEndpointInput = namedInput(
  z.object({ url: urlInput, events: eventsInput, enabled: enabledInput.default(true) }),
  'WebhookEndpointInput',
  'A new webhook endpoint.',
  { url: 'https://hooks.example.com/turnery', events: ['order.created', 'contact.created'], enabled: true },
);

export const updateEndpointInput = withPathParameters(
  namedInput(
    z.object({ url: urlInput.optional(), events: eventsInput.optional(), enabled: enabledInput.optional() }),
    'WebhookEndpointUpdate',
    'What to change of an endpoint (fields left out stay as they are).',
    { enabled: false },
  ),
  endpointId.shape,
);

export const rotateSecretInput = withPathParameters(
  namedInput(
    z.object({
      // The old secret keeps signing (beside the new one) this many hours, so the receiver can switch without a gap.
      keepOldSecretHours: z
        .number('must be a number of hours from 0 to 24')
        .int('must be a whole number of hours')
        .min(0, 'must be 0 or more')
        .max(24, 'must be 24 at most')
        .default(24)
        .describe('How many hours the old secret also signs deliveries (0 to 24), so the receiver can switch without a gap'),
    }),
    'WebhookSecretRotation',
    'A new signing secret for an endpoint.',
    { keepOldSecretHours: 24 },
  ),
  endpointId.shape,
);

export { endpointId };

export const deliveriesInput = z.object({
  endpointId: idSchema.describe("Only this endpoint's deliveries").optional(),
  state: z
    .enum(WEBHOOK_DELIVERY_STATES, { error: `state must be one of ${WEBHOOK_DELIVERY_STATES.join(', ')}` })
    .describe('Only deliveries in this state')
    .optional(),
  page: z.number().int().min(1).max(100_000).default(1).describe('Which page, from 1'),
  pageSize: z.number().int().min(1).max(100).default(25).describe('How many deliveries a page holds, 1 to 100'),
});

const previousSecretExpiresAt = timestamp('Until when the old secret also signs')
  .nullable()
  .meta({ description: 'After a rotation: until when the old secret also signs deliveries; null otherwise' });

const endpointFields = z.object({
  id: rowId('The endpoint id', 2),
  url: z.string().meta({ description: 'Where each event is POSTed', format: 'uri', examples: ['https://hooks.example.com/turnery'] }),
  events: z.array(eventType).meta({ description: 'The events it hears of' }),
  enabled: z.boolean().meta({ description: 'Whether events are sent to it' }),
  createdAt: timestamp('When it was added'),
  updatedAt: timestamp('When it was last changed'),
  previousSecretExpiresAt,
});

const endpointExample: z.infer<typeof endpointFields> = {
  id: 2,
  url: 'https://hooks.example.com/turnery',
  events: ['order.created', 'contact.created'],
  enabled: true,
  createdAt: '2026-11-24T15:04:05.000Z',
  updatedAt: '2026-11-24T15:04:05.000Z',
  previousSecretExpiresAt: null,
};

export const endpointOutput = named(
  endpointFields,
  'WebhookEndpoint',
  'Where webhook events are sent (its secret is read apart).',
  endpointExample,
);

const secret = z.string().meta({ description: 'The signing secret (whsec_...): the receiver checks each delivery with it' });
const secretExample = 'whsec_UNhY4JhezH9gQYqvDMWrWH9CwlcKiECV';

export const secretOutput = named(z.object({ secret, previousSecretExpiresAt }), 'WebhookSecret', "An endpoint's signing secret.", {
  secret: secretExample,
  previousSecretExpiresAt: null,
});

export const createdEndpointOutput = named(
  endpointFields.extend({ secret }),
  'WebhookEndpointCreated',
  'A new webhook endpoint with its signing secret.',
  { ...endpointExample, secret: secretExample },
);

const deliveryFields = z.object({
  id: rowId('The delivery id', 40),
  endpointId: rowId('The endpoint it goes to', 2),
  eventId: z.string().meta({ description: "The event's id: the same on every delivery of it (deduplicate on it)" }),
  eventType,
  state: z.enum(WEBHOOK_DELIVERY_STATES).meta({
    id: 'WebhookDeliveryState',
    description: 'pending: waiting for its next attempt; delivered: answered with a 2xx; failed: given up after the last attempt.',
    examples: ['delivered'],
  }),
  attempts: count('Attempts so far', 1),
  lastStatus: z.number().int().nullable().meta({ description: "The receiver's last HTTP status; null when it never answered" }),
  lastError: z.string().nullable().meta({ description: 'Why the last attempt failed, if it did' }),
  createdAt: timestamp('When the event was made'),
  lastAttemptAt: timestamp('When it was last tried').nullable().meta({ description: 'When it was last tried; null before the first' }),
  nextAttemptAt: timestamp('When it is tried next').nullable().meta({ description: 'When it is tried next; null when no try is due' }),
  deliveredAt: timestamp('When the receiver took it').nullable().meta({ description: 'When the receiver took it; null until then' }),
});

const deliveryExample: z.infer<typeof deliveryFields> = {
  id: 40,
  endpointId: 2,
  eventId: 'evt_5d1c0f2e9a7b3c4d8e6f0a1b',
  eventType: 'order.created',
  state: 'delivered',
  attempts: 1,
  lastStatus: 200,
  lastError: null,
  createdAt: '2026-11-24T15:04:05.000Z',
  lastAttemptAt: '2026-11-24T15:04:06.000Z',
  nextAttemptAt: null,
  deliveredAt: '2026-11-24T15:04:06.000Z',
};

export const deliveryOutput = named(deliveryFields, 'WebhookDelivery', 'One event sent (or being sent) to one endpoint.', deliveryExample);

export const deliveryPage = named(
  z.object({
    deliveries: z.array(deliveryOutput).meta({ description: 'The deliveries of this page' }),
    total: count('How many deliveries match, in all pages', 1),
    page: count('This page, from 1', 1),
    pageSize: count('How many deliveries a page holds', 25),
  }),
  'WebhookDeliveryPage',
  'A page of webhook deliveries, newest first, with how many match.',
  { deliveries: [deliveryExample], total: 1, page: 1, pageSize: 25 },
);

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
    eventType: row.event.type as WebhookEventType,
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
