import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql } from '../db/sql';

// The procedures that place orders and take payments, whose outcomes are counted. The PayPal return
// (orders.completePayPal) captures and places the order in one call, so it counts as both.
const ORDER_PROCEDURES = new Set(['orders.create', 'orders.completePayPal']);
const PAYMENT_PROCEDURES = new Map([
  ['payments.processCardPayment', 'card'],
  ['payments.capturePayPalOrder', 'paypal'],
  ['orders.completePayPal', 'paypal'],
]);

/**
 * Prometheus metrics of one instance (`GET /metrics`): request durations by route pattern and status, the database
 * pool, the job queue and the outbox, orders and payments by outcome, and Node's own (event loop, memory, CPU).
 * Counters are this instance's; Prometheus sums instances. Queue and outbox figures are the shared database's.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Histogram({
    name: 'turnery_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method, route pattern and status (cached catalogue reads excluded).',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly cacheHits = new Counter({
    name: 'turnery_response_cache_hits_total',
    help: 'Catalogue reads and storefront pages answered from memory, in front of the app.',
    registers: [this.registry],
  });
  private readonly orders = new Counter({
    name: 'turnery_orders_total',
    help: 'Attempts to place an order, by outcome: placed, or the reason it was refused.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly payments = new Counter({
    name: 'turnery_payments_total',
    help: 'Card charges and PayPal captures, by method and outcome: captured, the decline code, or the reason of a failure.',
    labelNames: ['method', 'outcome'] as const,
    registers: [this.registry],
  });

  /** `pool`: the instance's one pool, the ORM's (server/db/sql-pool.ts). */
  constructor(orm: MikroORM, pool: pg.Pool) {
    collectDefaultMetrics({ register: this.registry, prefix: 'turnery_' });
    new Gauge({
      name: 'turnery_db_pool_connections',
      // The instance's one pool: entities, the statements written by hand and the rate limits.
      help: "This instance's database connections (the job queue's aside): in use, free, requests waiting for one.",
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        this.set({ state: 'used' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'free' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    const query = (text: string) => sql(orm.em).query<Record<string, string>>(text);
    new Gauge({
      name: 'turnery_job_queue_jobs',
      help: 'Jobs in the shared queue (graphile-worker): waiting to run (due now or later), running, or given up after their last attempt.',
      labelNames: ['state'] as const,
      registers: [this.registry],
      async collect() {
        const [row] = await query(
          `select count(*) filter (where locked_at is null and attempts < max_attempts) as waiting,
                  count(*) filter (where locked_at is not null) as running,
                  count(*) filter (where locked_at is null and attempts >= max_attempts) as failed
             from graphile_worker.jobs`,
        ).catch(() => []);
        for (const state of ['waiting', 'running', 'failed']) this.set({ state }, Number(row?.[state] ?? Number.NaN));
      },
    });
    new Gauge({
      name: 'turnery_payment_ledger_entries',
      help: 'Payments in the ledger by state; charging, captured (no order yet) and refunding ones are settled by the recovery pass.',
      labelNames: ['state'] as const,
      registers: [this.registry],
      async collect() {
        const rows = await query(`select state, count(*) as count from payment_ledger group by state`).catch(() => []);
        this.reset();
        for (const state of ['charging', 'captured', 'ordered', 'refunding', 'refunded']) {
          this.set({ state }, Number(rows.find((row) => row.state === state)?.count ?? 0));
        }
      },
    });
    new Gauge({
      name: 'turnery_emails',
      help: 'Emails in the outbox by state: waiting to be sent, sent, failed.',
      labelNames: ['state'] as const,
      registers: [this.registry],
      async collect() {
        const [row] = await query(
          `select count(*) filter (where sent_at is null and failed_at is null) as waiting,
                  count(*) filter (where sent_at is not null) as sent,
                  count(*) filter (where failed_at is not null) as failed
             from outbox_email`,
        ).catch(() => []);
        for (const state of ['waiting', 'sent', 'failed']) this.set({ state }, Number(row?.[state] ?? Number.NaN));
      },
    });
  }

  observeRequest(method: string | undefined, route: string, status: number, seconds: number) {
    this.requests.observe({ method: method ?? 'GET', route, status: String(status) }, seconds);
  }

  cacheHit() {
    this.cacheHits.inc();
  }

  /** Whether a procedure's outcome is counted (`procedureCalled`): those that place orders or take payments. */
  static counts(path: string): boolean {
    return ORDER_PROCEDURES.has(path) || PAYMENT_PROCEDURES.has(path);
  }

  /**
   * Counts the outcome of a procedure that places an order or takes a payment: undefined for success, otherwise
   * the provider's decline code or the error's reason.
   */
  procedureCalled(path: string, failure: string | undefined) {
    const method = PAYMENT_PROCEDURES.get(path);
    if (method) this.payments.inc({ method, outcome: failure ?? 'captured' });
    if (ORDER_PROCEDURES.has(path)) this.orders.inc({ outcome: failure ?? 'placed' });
  }

  /**
   * `GET /metrics`: with a token (METRICS_TOKEN) the scraper sends it as a bearer token; on a port of its own
   * (METRICS_PORT) no token is asked, the port being the protection. Anything else is a plain 404.
   */
  async serve(req: IncomingMessage, res: ServerResponse, token: string | undefined) {
    const sent = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (req.method !== 'GET' || (token !== undefined && !sameSecret(sent, token))) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const body = await this.registry.metrics();
    res.writeHead(200, { 'content-type': this.registry.contentType, 'cache-control': 'no-store' }).end(body);
  }
}

function sameSecret(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
