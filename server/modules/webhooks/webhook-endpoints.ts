import type { EntityManager } from '@mikro-orm/postgresql';
import { ZodError, type z } from 'zod';
import type { PageWindow } from '../../contract/list-paging';
import { AppError, InputError } from '../../trpc/errors';
import { endpointUrlProblem, type EndpointRules } from './endpoint-url';
import { WebhookDelivery, WebhookEndpoint, type IWebhookEndpoint } from './webhook.entity';
import type { createEndpointInput, deliveriesInput, updateEndpointInput } from './webhook.schema';
import { newSigningSecret } from './webhook-signature';

// The owner's endpoints and their deliveries: plain reads and writes of the ORM.

const HOUR_MS = 3_600_000;

/** 400 naming `url` when the shop may not send there (endpoint-url.ts); the same body as any bad input. */
function refuseUrl(url: string | undefined, rules: EndpointRules) {
  const problem = url === undefined ? null : endpointUrlProblem(url, rules);
  if (problem) throw new InputError(new ZodError([{ code: 'custom', path: ['url'], message: problem, input: url }]));
}

/** The endpoint, or 404. */
export async function loadEndpoint(em: EntityManager, id: number): Promise<IWebhookEndpoint> {
  const endpoint = await em.findOne(WebhookEndpoint, { id });
  if (!endpoint) throw new AppError('NOT_FOUND', `No webhook endpoint with id ${id}`);
  return endpoint;
}

/** Endpoints in the order they were added: all, or the page `window` asks for; with how many there are. */
export async function listEndpoints(em: EntityManager, window?: PageWindow): Promise<[IWebhookEndpoint[], number]> {
  if (window) return em.findAndCount(WebhookEndpoint, {}, { orderBy: { id: 'asc' }, ...window });
  const endpoints = await em.find(WebhookEndpoint, {}, { orderBy: { id: 'asc' } });
  return [endpoints, endpoints.length];
}

export async function createEndpoint(em: EntityManager, input: z.output<typeof createEndpointInput>, rules: EndpointRules) {
  refuseUrl(input.url, rules);
  const endpoint = em.create(WebhookEndpoint, {
    url: input.url,
    events: input.events,
    enabled: input.enabled,
    secret: newSigningSecret(),
    previousSecret: null,
    previousSecretExpiresAt: null,
  });
  await em.flush();
  return endpoint;
}

export async function updateEndpoint(em: EntityManager, input: z.output<typeof updateEndpointInput>, rules: EndpointRules) {
  refuseUrl(input.url, rules);
  const endpoint = await loadEndpoint(em, input.id);
  if (input.url !== undefined) endpoint.url = input.url;
  if (input.events !== undefined) endpoint.events = input.events;
  if (input.enabled !== undefined) endpoint.enabled = input.enabled;
  await em.flush();
  return endpoint;
}

/** Deletes the endpoint and its deliveries (queued attempts then find nothing to send). */
export async function deleteEndpoint(em: EntityManager, id: number) {
  const deleted = await em.nativeDelete(WebhookEndpoint, { id });
  if (deleted === 0) throw new AppError('NOT_FOUND', `No webhook endpoint with id ${id}`);
}

/** A new secret; the old one also signs for `keepOldSecretHours` more hours (0: it stops at once). */
export async function rotateSecret(em: EntityManager, id: number, keepOldSecretHours: number) {
  const endpoint = await loadEndpoint(em, id);
  const keep = keepOldSecretHours > 0;
  endpoint.previousSecret = keep ? endpoint.secret : null;
  endpoint.previousSecretExpiresAt = keep ? new Date(Date.now() + keepOldSecretHours * HOUR_MS) : null;
  endpoint.secret = newSigningSecret();
  await em.flush();
  return endpoint;
}

/** A page of deliveries, newest first, of one endpoint or all, in one state or all. */
export function listDeliveries(em: EntityManager, input: z.output<typeof deliveriesInput>) {
  return em.findAndCount(
    WebhookDelivery,
    { ...(input.endpointId ? { endpoint: input.endpointId } : {}), ...(input.state ? { state: input.state } : {}) },
    {
      populate: ['event'],
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: input.pageSize,
      offset: (input.page - 1) * input.pageSize,
    },
  );
}

/** A delivery with its event, read afresh from the database (after `resend` changed it there). */
export function loadDelivery(em: EntityManager, id: number) {
  return em.findOneOrFail(WebhookDelivery, id, { populate: ['event'], refresh: true });
}
