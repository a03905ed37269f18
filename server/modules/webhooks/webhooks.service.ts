import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { prepared, sql, type SqlRunner } from '../../db/sql';
import type { Config } from '../../config';
import type { WebhookEventType } from '../../domain/webhook-events';
import type { Logger } from '../../logger';
import { AppError } from '../../trpc/errors';
import { endpointRules } from './endpoint-url';
import { QUEUE_DELIVERY, claimDelivery, forgetOldEvents, recordDelivered, recordFailure } from './webhook-delivery';
import { postWebhook } from './webhook-sender';
import { SIGNATURE_HEADER, signatureHeader } from './webhook-signature';

// How much longer than its timeout an attempt holds its delivery (a worker stopped mid-attempt frees it after this).
const LEASE_MARGIN_MS = 30_000;

/**
 * Webhooks, as Stripe and Shopify taught integrators to expect. `record` writes an event and one delivery per
 * endpoint subscribed to it, in the caller's transaction, so an event exists exactly when what it tells of was
 * committed; the delivery table's trigger queues each delivery's job in that same transaction. The job
 * (`deliver`) POSTs the event with no transaction open and retries with growing waits until a 2xx, then never
 * sends it again; every attempt sends the same event id and the same bytes, so a receiver deduplicates on the id.
 */
export class WebhookService {
  constructor(
    private readonly config: Config,
    private readonly logger: Logger,
  ) {}

  /**
   * Writes event `type` with `data` (the resource as the REST API shows it) for every subscribed, enabled endpoint:
   * one statement, on the caller's transaction (`db`). PostgreSQL runs every data-modifying expression of a
   * statement, read or not.
   */
  async record(db: SqlRunner, type: WebhookEventType, data: Record<string, unknown>): Promise<void> {
    const id = `evt_${randomBytes(12).toString('hex')}`;
    const body = JSON.stringify({ id, type, created: new Date().toISOString(), data });
    await db.query(
      prepared(`with event_endpoints as (
         select id from webhook_endpoint where enabled and $1 = any(events)
       ), event_row as (
         insert into webhook_event (id, type, created_at, body)
         select $2, $1, now(), $3 where exists (select 1 from event_endpoints)
         returning id
       ), event_deliveries as (
         insert into webhook_delivery (event_id, endpoint_id, created_at)
         select event_row.id, event_endpoints.id, now() from event_row cross join event_endpoints
       )
       select 1`),
      [type, id, body],
    );
  }

  /** The delivery job's work for one delivery: one attempt, recorded; the next one queued when it failed. */
  async deliver(em: EntityManager, id: number): Promise<void> {
    const delivery = await claimDelivery(em, id, this.config.WEBHOOK_TIMEOUT_MS + LEASE_MARGIN_MS);
    // The queue tries this job again shortly; by then the other attempt has ended.
    if (delivery === 'busy') throw new Error(`webhook delivery ${id} is being sent by another worker`);
    if (delivery === 'done') return;
    const outcome = await postWebhook({
      url: delivery.url,
      body: delivery.body,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Turnery-Webhooks/1.0',
        'Turnery-Event-Id': delivery.eventId,
        'Turnery-Event-Type': delivery.eventType,
        [SIGNATURE_HEADER]: signatureHeader(delivery.body, delivery.secrets, Math.floor(Date.now() / 1000)),
      },
      timeoutMs: this.config.WEBHOOK_TIMEOUT_MS,
      publicOnly: !endpointRules(this.config).allowInternal,
    });
    if ('status' in outcome && outcome.status >= 200 && outcome.status < 300) {
      await recordDelivered(em, id, outcome.status);
      await forgetOldEvents(em);
      return;
    }
    const failure =
      'status' in outcome
        ? { status: outcome.status, error: describeAnswer(outcome.status, outcome.excerpt) }
        : { status: null, error: outcome.error };
    const next = await recordFailure(em, id, failure, {
      maxAttempts: this.config.WEBHOOK_MAX_ATTEMPTS,
      retryBaseMs: this.config.WEBHOOK_RETRY_BASE_MS,
    });
    this.logger.warn(
      { webhookDeliveryId: id, eventType: delivery.eventType, attempt: delivery.attempt, status: failure.status, next },
      next === 'failed' ? 'webhook not delivered; given up' : 'webhook not delivered; will retry',
    );
  }

  /** 'Send again': the same event (same id, same body) queued at once for a fresh set of attempts. */
  async resend(em: EntityManager, id: number): Promise<void> {
    const rows = await sql(em).query<{ id: number }>(
      `with d as (
         update webhook_delivery d
            set state = 'pending', attempts = 0, last_status = null, last_error = null, delivered_at = null, next_attempt_at = now()
           from webhook_endpoint e
          where d.id = $1 and e.id = d.endpoint_id and e.enabled
      returning d.id, d.next_attempt_at
       )
       select d.id, (${QUEUE_DELIVERY}).id as job_id from d`,
      [id],
    );
    if (rows.length > 0) return;
    const [found] = await sql(em).query<{ id: number }>('select id from webhook_delivery where id = $1', [id]);
    if (!found) throw new AppError('NOT_FOUND', `No webhook delivery with id ${id}`);
    throw new AppError('CONFLICT', 'The endpoint of this delivery is disabled: enable it first');
  }
}

/** What the owner reads of a non-2xx answer: its status, why a redirect failed, and the start of the body. */
function describeAnswer(status: number, excerpt: string): string {
  const note = status >= 300 && status < 400 ? ' (redirects are not followed: register the final URL)' : '';
  const text = excerpt.replace(/\s+/g, ' ').trim();
  return `HTTP ${status}${note}${text ? `: ${text}` : ''}`;
}
