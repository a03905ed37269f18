import type { Outputs } from './api-types';
import { call } from './admin-client';
import { sql } from './database';
import { eventually } from './eventually';
import type { TestServer } from './test-server';
import type { WebhookReceiver } from './webhook-receiver';

/** The test receivers listen on 127.0.0.1, an address the shop refuses unless told otherwise. */
export const LOOPBACK_RECEIVERS = { WEBHOOK_ALLOW_INTERNAL_ADDRESSES: 'true' };

/** Retries after 100 ms, 200 ms, ... instead of minutes, four attempts, a second's timeout: webhook tests' settings. */
export const QUICK_WEBHOOK_SETTINGS = {
  WEBHOOK_RETRY_BASE_MS: '100',
  WEBHOOK_MAX_ATTEMPTS: '4',
  WEBHOOK_TIMEOUT_MS: '1000',
  ...LOOPBACK_RECEIVERS,
};

export type EndpointJson = Outputs['admin']['webhooks']['endpoints'][number];
export type DeliveryJson = Outputs['admin']['webhooks']['deliveries']['deliveries'][number];

/** Registers `receiver` as an endpoint over the REST mirror and gives it the endpoint's secret; answers the endpoint. */
export async function registerReceiver(
  server: TestServer,
  cookie: string,
  receiver: WebhookReceiver,
  events: string[],
  enabled = true,
): Promise<EndpointJson> {
  const created = await call<EndpointJson & { secret: string }>(server, 'POST', '/webhook-endpoints', {
    cookie,
    body: { url: receiver.url, events, enabled },
  });
  if (created.status !== 200) throw new Error(`endpoint not created: ${created.status} ${JSON.stringify(created.body)}`);
  receiver.secret = created.body.secret;
  return created.body;
}

/** The deliveries of one endpoint, newest first. */
export async function deliveriesOf(server: TestServer, cookie: string, endpointId: number): Promise<DeliveryJson[]> {
  const page = await call<{ deliveries: DeliveryJson[] }>(server, 'GET', `/webhook-deliveries?endpointId=${endpointId}`, { cookie });
  return page.body.deliveries;
}

/** Waits until every delivery of the endpoint has ended (delivered or failed), and answers them. */
export function settledDeliveries(server: TestServer, cookie: string, endpointId: number, count: number, timeoutMs = 20_000) {
  return eventually(
    () => deliveriesOf(server, cookie, endpointId),
    (all) => all.length === count && all.every((delivery) => delivery.state !== 'pending'),
    timeoutMs,
  );
}

/**
 * Waits until the queue holds no job for the delivery: from then on nothing can send it again, so a count of what a
 * receiver got is final (no waiting for a duplicate that might come).
 */
export function noJobLeft(server: TestServer, deliveryId: number) {
  return eventually(
    async () =>
      (
        await sql<{ count: string }>(
          server.databaseUrl,
          `select count(*) from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
            where t.identifier = 'deliver_webhook' and (j.payload ->> 'id')::int = $1`,
          [deliveryId],
        )
      )[0]!.count,
    (count) => count === '0',
    10_000,
  );
}
