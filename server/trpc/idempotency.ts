import { createHash, randomUUID } from 'node:crypto';
import { z, ZodError } from 'zod';
import { sql, type SqlRunner } from '../db/sql';
import type { Context } from './context';
import { AppError, InputError } from './errors';

// The owner's money calls are idempotent (D36), as Stripe's API is: a call that moves money (a refund, an order's
// cancel or whole refund, a commission's cancel) may carry an `Idempotency-Key` header. The first request with a key
// claims it for its operation (a row of `idempotency_key`, with a hash of its body and a lease) and keeps its answer
// when it succeeds; a repeat with the same body gets that answer and moves no money; the same key with another body
// is 409 IDEMPOTENCY_KEY_REUSED, and a repeat while the first still runs 409 IDEMPOTENCY_KEY_IN_USE. A request that
// fails keeps nothing, so a retry runs again (the payment ledger makes sure money that went back is not sent twice).
// Keys are the shop's one owner account's, per operation, and kept at least 24 hours: older ones are deleted by the
// statement that claims a new one. A process that stops mid-call leaves its claim until its lease ends; the request
// after that runs again (a partial refund then finds its refund by the key on its own row, order-refunds.service.ts).
// Plain SQL: one conditional upsert claims a key, which the ORM's unit of work cannot say.

/** At most 255 printable ASCII characters, as Stripe takes (a UUID is what the admin's dialogs send). */
export const idempotencyKeySchema = z
  .string()
  .min(1, 'must be 1 to 255 printable characters')
  .max(255, 'must be 1 to 255 printable characters')
  .regex(/^[\x20-\x7e]+$/, 'must be 1 to 255 printable characters');

/** The header as the API document states it (an operation's `meta.openapi.requestHeaders`, server/rest/openapi-paths.ts). */
export const idempotencyHeaders = z.object({
  'Idempotency-Key': idempotencyKeySchema.optional().meta({
    description:
      'Optional; a new unique value (a UUID) for each new request, up to 255 printable characters. Sending the request again ' +
      'with the same key and the same body answers the first answer (its status and body) and moves no money again; ' +
      'the same key with another body is 409 IDEMPOTENCY_KEY_REUSED, and while the first request still runs 409 ' +
      'IDEMPOTENCY_KEY_IN_USE. A request that failed keeps nothing: sent again, it runs again. Keys are kept at least 24 hours.',
    examples: ['5f0c2a6e-3c1b-4f8e-9a4d-2b7e1c9d0f13'],
  }),
});

const KEEP_HOURS = 24;

/**
 * How long a claim holds before another request may run under its key (its process stopped): a call sends at most
 * a few refunds one after another, each within the provider's timeout, so four of them and half a minute more.
 * A request that runs longer is not harmed: the ledger gives no money back twice.
 */
const leaseSeconds = (ctx: Context) => (4 * ctx.config.PAYMENT_PROVIDER_TIMEOUT_MS + 30_000) / 1000;

/** The body's hash: the parsed input (path parameters included) with its keys in order. */
function requestHash(input: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter(([, field]) => field !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([name, field]) => [name, canonical(field)]),
      );
    }
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(input)))
    .digest('hex');
}

/** The key of the request, checked; undefined when none was sent. A bad one is 400 naming the header. */
export function idempotencyKeyOf(ctx: Pick<Context, 'idempotencyKey'>): string | undefined {
  if (ctx.idempotencyKey === undefined) return undefined;
  const checked = idempotencyKeySchema.safeParse(ctx.idempotencyKey);
  if (checked.success) return checked.data;
  const message = checked.error.issues[0]?.message ?? 'is not valid';
  throw new InputError(new ZodError([{ code: 'custom', path: ['Idempotency-Key'], message, input: undefined }]));
}

type Claim = { claimed: true; lease: string } | { claimed: false; answer: string };

/**
 * One statement claims the key: a new row, or the row of a key older than 24 hours, or of a request of the same body
 * whose lease ended (its process stopped); keys older than 24 hours go in the same statement. Otherwise the row
 * says what this request gets: the first answer, or a 409.
 */
async function claim(db: SqlRunner, operation: string, key: string, hash: string, seconds: number): Promise<Claim> {
  const lease = randomUUID();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const claimed = await db.query<{ lease: string }>(
      `with old as (
         delete from idempotency_key
          where created_at < now() - make_interval(hours => $6) and not (operation = $1 and key = $2)
       )
       insert into idempotency_key as k (operation, key, request_hash, lease, locked_until)
       values ($1, $2, $3, $4, now() + make_interval(secs => $5))
       on conflict (operation, key) do update
          set request_hash = excluded.request_hash, lease = excluded.lease, locked_until = excluded.locked_until,
              answer = null, created_at = now()
        where k.created_at < now() - make_interval(hours => $6)
           or (k.answer is null and k.locked_until < now() and k.request_hash = excluded.request_hash)
       returning lease`,
      [operation, key, hash, lease, seconds, KEEP_HOURS],
    );
    if (claimed.length > 0) return { claimed: true, lease };
    const [held] = await db.query<{ request_hash: string; answer: string | null }>(
      'select request_hash, answer from idempotency_key where operation = $1 and key = $2',
      [operation, key],
    );
    // Released meanwhile (the request under it failed): claim it again.
    if (!held) continue;
    if (held.request_hash !== hash) {
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        'Idempotency-Key: this key was first sent with another request; use a new key for a new request',
      );
    }
    if (held.answer === null) {
      throw new AppError(
        'IDEMPOTENCY_KEY_IN_USE',
        'Idempotency-Key: a request with this key is still running; send it again in a moment for its answer',
      );
    }
    return { claimed: false, answer: held.answer };
  }
  throw new AppError('IDEMPOTENCY_KEY_IN_USE', 'Idempotency-Key: requests with this key keep starting and failing; try again');
}

/**
 * Runs the owner's money call `run` under the request's Idempotency-Key, if it sent one (see above): `operation` names
 * the call (the key's scope), `input` is its parsed input, whose hash is its body. `run` gets the checked key.
 */
export async function idempotent<T>(
  ctx: Context,
  operation: string,
  input: unknown,
  run: (key: string | undefined) => Promise<T>,
): Promise<T> {
  const key = idempotencyKeyOf(ctx);
  if (key === undefined) return run(undefined);
  const db = sql(ctx.db);
  const claimed = await claim(db, operation, key, requestHash(input), leaseSeconds(ctx));
  if (!claimed.claimed) return JSON.parse(claimed.answer) as T;
  let answer: T;
  try {
    answer = await run(key);
  } catch (error) {
    // Nothing kept: a retry runs again. (A failure to release leaves the claim to end with its lease.)
    await db
      .query('delete from idempotency_key where operation = $1 and key = $2 and lease = $3', [operation, key, claimed.lease])
      .catch((cause: unknown) =>
        ctx.services.logger.warn({ operation, err: { message: (cause as Error).message } }, 'idempotency key not released'),
      );
    throw error;
  }
  try {
    await db.query(
      'update idempotency_key set answer = $4, lease = null, locked_until = null where operation = $1 and key = $2 and lease = $3',
      [operation, key, claimed.lease, JSON.stringify(answer)],
    );
  } catch (cause) {
    // The call is done and answered; a repeat after the lease runs it again, which moves no money twice.
    ctx.services.logger.warn({ operation, err: { message: (cause as Error).message } }, 'idempotent answer not kept');
  }
  return answer;
}
