import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';

// The delivery job's steps in the database, each one statement: claim a delivery for one attempt, then record how
// the attempt went (and queue the next one). The POST between them runs with no transaction open.

/** Queues (or, if queued already, moves to `run_at`) the one job of delivery `d.id`: the trigger's job, same key. */
export const QUEUE_DELIVERY = `graphile_worker.add_job('deliver_webhook', json_build_object('id', d.id), run_at := d.next_attempt_at,
  priority := 1, max_attempts := 10, job_key := 'webhook-delivery-' || d.id)`;

/** A delivery claimed for one attempt, with what to send and the secrets to sign with. */
export interface ClaimedDelivery {
  id: number;
  attempt: number;
  url: string;
  secrets: string[];
  eventId: string;
  eventType: string;
  body: string;
}

/** Nothing to send: delivered, failed, deleted, or the endpoint was disabled (then marked failed). */
export type Claim = ClaimedDelivery | 'done' | 'busy';

/**
 * Takes delivery `id` for one attempt when it is still to be sent and its endpoint is enabled: counts the attempt
 * and holds the delivery for `leaseMs` (the attempt's timeout and a margin), so a second job for it ('Send again'
 * during an attempt) waits instead of sending at the same time. 'busy' when another worker holds it.
 */
export async function claimDelivery(em: EntityManager, id: number, leaseMs: number): Promise<Claim> {
  const [row] = await sql(em).query<{
    attempts: number;
    url: string;
    secret: string;
    previous_secret: string | null;
    event_id: string;
    type: string;
    body: string;
  }>(
    `update webhook_delivery d
        set attempts = d.attempts + 1, last_attempt_at = now(), next_attempt_at = null,
            sending_until = now() + make_interval(secs => $1::double precision / 1000)
       from webhook_endpoint e, webhook_event ev
      where d.id = $2 and e.id = d.endpoint_id and ev.id = d.event_id
        and d.state = 'pending' and e.enabled and (d.sending_until is null or d.sending_until < now())
  returning d.attempts, e.url, e.secret, case when e.previous_secret_expires_at > now() then e.previous_secret end as previous_secret,
            ev.id as event_id, ev.type, ev.body`,
    [leaseMs, id],
  );
  if (row) {
    return {
      id,
      attempt: row.attempts,
      url: row.url,
      secrets: row.previous_secret ? [row.secret, row.previous_secret] : [row.secret],
      eventId: row.event_id,
      eventType: row.type,
      body: row.body,
    };
  }
  const [state] = await sql(em).query<{ state: string; enabled: boolean; busy: boolean }>(
    `select d.state, e.enabled, coalesce(d.sending_until > now(), false) as busy
       from webhook_delivery d join webhook_endpoint e on e.id = d.endpoint_id where d.id = $1`,
    [id],
  );
  if (!state || state.state !== 'pending') return 'done';
  if (!state.enabled) {
    await sql(em).query(
      `update webhook_delivery set state = 'failed', last_error = 'Not sent: the endpoint is disabled', next_attempt_at = null
        where id = $1 and state = 'pending'`,
      [id],
    );
    return 'done';
  }
  return state.busy ? 'busy' : 'done';
}

/** A 2xx: delivered, never sent again by the queue. */
export async function recordDelivered(em: EntityManager, id: number, status: number): Promise<void> {
  await sql(em).query(
    `update webhook_delivery set state = 'delivered', delivered_at = now(), last_status = $1, last_error = null, sending_until = null,
            next_attempt_at = null
      where id = $2`,
    [status, id],
  );
}

/** How long events are kept once every delivery of theirs is settled (Stripe keeps 30 days too). */
export const WEBHOOK_EVENT_RETENTION_DAYS = 30;

/** Forgets settled events past the retention, with their deliveries (cascade); one short statement. */
export async function forgetOldEvents(em: EntityManager): Promise<void> {
  await sql(em).query(
    `delete from webhook_event e
      where e.created_at < now() - make_interval(days => $1)
        and not exists (select 1 from webhook_delivery d where d.event_id = e.id and d.state = 'pending')`,
    [WEBHOOK_EVENT_RETENTION_DAYS],
  );
}

/**
 * Any other outcome: recorded, and the next attempt queued (the wait is `retryBaseMs` after the first attempt,
 * doubled after each further one), or, after the last attempt, the delivery marked failed. One statement, so a
 * delivery is never left pending without its job. Counted from the row, which a 'Send again' resets.
 */
export async function recordFailure(
  em: EntityManager,
  id: number,
  failure: { status: number | null; error: string },
  retry: { maxAttempts: number; retryBaseMs: number },
): Promise<'retrying' | 'failed'> {
  const [row] = await sql(em).query<{ state: string }>(
    `with d as (
       update webhook_delivery
          set state = case when attempts >= $1 then 'failed' else 'pending' end,
              next_attempt_at = case when attempts >= $2 then null
                                else now() + make_interval(secs => $3::double precision * power(2, greatest(attempts, 1) - 1) / 1000) end,
              last_status = $4, last_error = $5, sending_until = null
        where id = $6 and state = 'pending'
    returning id, state, next_attempt_at
     )
     select d.state, case when d.state = 'pending' then (${QUEUE_DELIVERY}).id end as job_id from d`,
    [retry.maxAttempts, retry.maxAttempts, retry.retryBaseMs, failure.status, failure.error.slice(0, 2000), id],
  );
  return row?.state === 'failed' ? 'failed' : 'retrying';
}
