import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/admin-client';
import type { ContactJson, OrderJson } from '../support/api-types';
import { Browser } from '../support/browser';
import { sql } from '../support/database';
import { eventually } from '../support/eventually';
import { buy, insertProduct, orderBody, payByCard, quote } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  deliveriesOf,
  noJobLeft,
  QUICK_WEBHOOK_SETTINGS,
  registerReceiver,
  settledDeliveries,
  type EndpointJson,
} from '../support/webhook-endpoints';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../support/webhook-receiver';
import { buyVariant, insertProductWithVariants, variantOf } from '../support/variant-fixtures';

// Webhooks end to end: events written by the real API (an order, a status move, a contact message), delivered by
// the job queue to receivers on loopback that verify each signature with the API guide's verification code. Retries
// wait 100 ms, 200 ms, ... (WEBHOOK_RETRY_BASE_MS) instead of minutes; the queue looks for due jobs every second.

const SETTINGS = QUICK_WEBHOOK_SETTINGS;
let server: TestServer;
let cookie: string;
const receivers: WebhookReceiver[] = [];
let orders: WebhookReceiver;
let contacts: WebhookReceiver;
let disabled: WebhookReceiver;
let ordersEndpoint: EndpointJson;

async function receiver() {
  const started = await startWebhookReceiver();
  receivers.push(started);
  return started;
}

beforeAll(async () => {
  server = await startTestServer(SETTINGS);
  cookie = await signIn(server);
  [orders, contacts, disabled] = [await receiver(), await receiver(), await receiver()];
  ordersEndpoint = await registerReceiver(server, cookie, orders, ['order.created', 'order.status_changed']);
  await registerReceiver(server, cookie, contacts, ['contact.created']);
  await registerReceiver(server, cookie, disabled, ['order.created', 'order.status_changed', 'contact.created'], false);
});
afterAll(async () => {
  await server?.close();
  await Promise.all(receivers.map((started) => started.close()));
});

const ofType = (at: WebhookReceiver, type: string) => at.received.filter((request) => request.body.type === type);
const sendContact = (message: string) =>
  fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250)}` },
    body: JSON.stringify({ firstName: 'Ada', lastName: 'Turner', email: 'ada@example.com', subject: 'custom', message }),
  });

describe('webhooks', () => {
  let orderId: number;

  it('sends an order placed through the API to the endpoint subscribed to order.created, once, signed, with the order', async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '30.00', stock: 3 });
    const placed = await buy(new Browser(server.url), productId);
    orderId = placed.orderId!;
    expect(orderId).toBeGreaterThan(0);

    const [delivery] = await settledDeliveries(server, cookie, ordersEndpoint.id, 1);
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 1, lastStatus: 200, eventType: 'order.created' });
    const [request] = ofType(orders, 'order.created');
    expect(request!.verified).toBe(true);
    expect(request!.headers['turnery-event-id']).toBe(request!.body.id);
    expect(request!.headers['turnery-event-type']).toBe('order.created');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body.id).toMatch(/^evt_[0-9a-f]{24}$/);
    expect(request!.body.id).toBe(delivery!.eventId);
    expect(Date.parse(request!.body.created)).toBeGreaterThan(Date.now() - 60_000);
    // The order as the REST API shows it to the owner.
    const shown = await call<OrderJson>(server, 'GET', `/orders/${orderId}`, { cookie });
    expect(request!.body.data.object).toEqual(shown.body);
    expect(await noJobLeft(server, delivery!.id)).toBe('0');
    expect(ofType(orders, 'order.created')).toHaveLength(1);
  });

  it('sends order.status_changed when the owner ships the order, with the status it had before', async () => {
    const moved = await call(server, 'PATCH', `/orders/${orderId}/status`, {
      cookie,
      body: { status: 'shipped', carrier: 'USPS', trackingNumber: '9400111899223100012345' },
    });
    expect(moved.status).toBe(200);
    const [request] = await eventually(
      () => ofType(orders, 'order.status_changed'),
      (found) => found.length === 1,
      20_000,
    );
    expect(request!.verified).toBe(true);
    expect(request!.body.data.object).toMatchObject({ id: orderId, status: 'shipped', carrier: 'USPS' });
    expect(request!.body.data.previousAttributes).toEqual({ status: 'completed' });
  });

  it('sends contact.created only to the endpoint subscribed to it; a disabled endpoint gets nothing', async () => {
    expect((await sendContact('A walnut bowl, please')).status).toBe(200);
    const [request] = await eventually(
      () => ofType(contacts, 'contact.created'),
      (found) => found.length === 1,
      20_000,
    );
    expect(request!.verified).toBe(true);
    const [latest] = (await call<ContactJson[]>(server, 'GET', '/contacts?pageSize=1', { cookie })).body;
    expect(request!.body.data.object).toEqual(latest);
    expect(request!.body.data.object.message).toBe('A walnut bowl, please');
    expect(ofType(orders, 'contact.created')).toHaveLength(0);
    expect(contacts.received.filter((received) => received.body.type !== 'contact.created')).toHaveLength(0);
    expect(disabled.received).toHaveLength(0);
    // Nothing was even written for the disabled endpoint.
    const rows = await sql<{ count: string }>(
      server.databaseUrl,
      `select count(*) from webhook_delivery d join webhook_endpoint e on e.id = d.endpoint_id where not e.enabled`,
    );
    expect(rows[0]!.count).toBe('0');
  });

  it('keeps trying a receiver that is down, then failing, until it answers 2xx: the event arrives once, with one id', async () => {
    const flaky = await receiver();
    const endpoint = await registerReceiver(server, cookie, flaky, ['contact.created']);
    await flaky.down();
    await sendContact('Are you open on Sunday?');
    await eventually(
      () => deliveriesOf(server, cookie, endpoint.id),
      ([delivery]) => (delivery?.attempts ?? 0) >= 1 && /ECONNREFUSED/.test(delivery?.lastError ?? ''),
      20_000,
    );
    flaky.answer = 500;
    await flaky.up();
    // Read between attempts: while the next one is on its way its time is no longer set.
    const [failing] = await eventually(
      () => deliveriesOf(server, cookie, endpoint.id),
      ([delivery]) => delivery?.lastStatus === 500 && delivery.nextAttemptAt !== null,
      20_000,
    );
    expect(failing).toMatchObject({ state: 'pending', lastError: 'HTTP 500: Receiver is having a bad day' });
    expect(failing!.nextAttemptAt).not.toBeNull();
    flaky.answer = 200;
    const [delivered] = await settledDeliveries(server, cookie, endpoint.id, 1);
    expect(delivered).toMatchObject({ state: 'delivered', lastStatus: 200, lastError: null });
    expect(delivered!.attempts).toBeGreaterThanOrEqual(3);
    expect(await noJobLeft(server, delivered!.id)).toBe('0');
    // Every attempt the receiver saw was the same event: the same id and the same bytes, each signed.
    expect(new Set(flaky.received.map((request) => request.raw)).size).toBe(1);
    expect(flaky.received.every((request) => request.verified)).toBe(true);
    expect(flaky.received.filter((request) => request.answered === 200)).toHaveLength(1);
  });

  it('gives up after the last attempt; Send again delivers the same event id, and again once delivered', async () => {
    const broken = await receiver();
    const endpoint = await registerReceiver(server, cookie, broken, ['contact.created']);
    broken.answer = 'hang';
    await sendContact('Do you ship to Alaska?');
    const [hung] = await eventually(
      () => deliveriesOf(server, cookie, endpoint.id),
      ([delivery]) => delivery?.lastError === 'No answer within 1 s',
      20_000,
    );
    expect(hung!.lastStatus).toBeNull();
    broken.answer = 503;
    const [failed] = await settledDeliveries(server, cookie, endpoint.id, 1, 30_000);
    expect(failed).toMatchObject({ state: 'failed', attempts: 4, lastStatus: 503, nextAttemptAt: null });
    expect(broken.received).toHaveLength(4);

    broken.answer = 200;
    const resent = await call(server, 'POST', `/webhook-deliveries/${failed!.id}/resend`, { cookie });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id: failed!.id, state: 'pending', attempts: 0, eventId: failed!.eventId });
    const [delivered] = await settledDeliveries(server, cookie, endpoint.id, 1);
    expect(delivered).toMatchObject({ state: 'delivered', attempts: 1, eventId: failed!.eventId });
    expect(broken.received).toHaveLength(5);

    // Send again on a delivered one: the owner's explicit resend, still the same event.
    expect((await call(server, 'POST', `/webhook-deliveries/${failed!.id}/resend`, { cookie })).status).toBe(200);
    await eventually(
      () => broken.received.length,
      (count) => count === 6,
      20_000,
    );
    expect(await noJobLeft(server, failed!.id)).toBe('0');
    expect(broken.received.map((request) => request.body.id)).toEqual(Array(6).fill(failed!.eventId));
    expect((await call(server, 'POST', '/webhook-deliveries/999999/resend', { cookie })).status).toBe(404);
  });

  it('sends nothing to an endpoint disabled after the event, and refuses to send again until it is enabled', async () => {
    const paused = await receiver();
    const endpoint = await registerReceiver(server, cookie, paused, ['contact.created']);
    await paused.down();
    await sendContact('Can I visit the workshop?');
    await eventually(
      () => deliveriesOf(server, cookie, endpoint.id),
      ([delivery]) => (delivery?.attempts ?? 0) >= 1,
      20_000,
    );
    expect((await call(server, 'PATCH', `/webhook-endpoints/${endpoint.id}`, { cookie, body: { enabled: false } })).status).toBe(200);
    await paused.up();
    const [stopped] = await settledDeliveries(server, cookie, endpoint.id, 1);
    expect(stopped).toMatchObject({ state: 'failed', lastError: 'Not sent: the endpoint is disabled' });
    expect(paused.received).toHaveLength(0);
    const refused = await call<{ data: { reason: string } }>(server, 'POST', `/webhook-deliveries/${stopped!.id}/resend`, { cookie });
    expect(refused.status).toBe(409);
    expect(refused.body.data.reason).toBe('CONFLICT');
  });

  it('forgets events 30 days old once every delivery of theirs is settled, and keeps one still being delivered', async () => {
    const events = await sql<{ id: string }>(server.databaseUrl, `select id from webhook_event order by created_at limit 2`);
    const [settled, pending] = events.map((event) => event.id);
    await sql(server.databaseUrl, `update webhook_event set created_at = now() - interval '31 days' where id = any($1)`, [
      [settled, pending],
    ]);
    await sql(server.databaseUrl, `update webhook_delivery set state = 'pending' where event_id = $1`, [pending]);
    // The next delivery that succeeds clears what is past the retention.
    expect((await sendContact('Is the cherry board back?')).status).toBe(200);
    await eventually(
      () => sql<{ id: string }>(server.databaseUrl, `select id from webhook_event where id = any($1)`, [[settled, pending]]),
      (left) => left.length === 1,
      20_000,
    );
    const left = await sql<{ id: string }>(server.databaseUrl, `select id from webhook_event where id = any($1)`, [[settled, pending]]);
    expect(left.map((event) => event.id)).toEqual([pending]);
  });

  it('never sends two different events under one id, nor one event under two ids', () => {
    const all: ReceivedWebhook[] = receivers.flatMap((started) => started.received);
    expect(all.length).toBeGreaterThanOrEqual(10);
    const bodiesById = new Map<string, Set<string>>();
    for (const request of all) {
      expect(request.headers['turnery-event-id']).toBe(request.body.id);
      bodiesById.set(request.body.id, (bodiesById.get(request.body.id) ?? new Set()).add(request.raw));
    }
    for (const bodies of bodiesById.values()) expect(bodies.size).toBe(1);
    // Each contact message is one event: as many distinct contact events as messages sent to subscribed endpoints.
    const messages = new Set(all.filter((r) => r.body.type === 'contact.created').map((r) => r.body.data.object.id));
    const events = new Set(all.filter((r) => r.body.type === 'contact.created').map((r) => r.body.id));
    expect(events.size).toBe(messages.size);
  });

  it('writes order.created only for the order that got the last unit, when buyers race for it', async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '12.00', stock: 1 });
    // Each quoted and paid while the unit was there; then all the orders at once, so several pass the check
    // before the transaction and are refused inside it by the order's statement: nothing of theirs may stay.
    const paid = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const browser = new Browser(server.url);
        const q = await quote(browser, [{ productId, quantity: 1 }]);
        return { browser, body: orderBody(q, { squarePaymentId: await payByCard(browser, q.total) }) };
      }),
    );
    const answers = await Promise.all(paid.map(({ browser, body }) => browser.post<OrderJson & { message?: string }>('/api/orders', body)));
    const placed = answers.filter((answer) => answer.status === 200).map((answer) => answer.body.id);
    expect(placed).toHaveLength(1);
    const refusedInside = answers.filter((answer) => answer.body.message?.includes('not enough left in stock at this price'));
    expect(refusedInside.length).toBeGreaterThan(0);
    const events = await sql<{ id: number }>(
      server.databaseUrl,
      `select (body::jsonb #>> '{data,object,id}')::int as id from webhook_event
        where type = 'order.created' and (body::jsonb #>> '{data,object,items,0,productId}')::int = $1`,
      [productId],
    );
    expect(events.map((event) => event.id)).toEqual(placed);
  });
});

describe('webhooks of an order with a variant (D38)', () => {
  it('name the variant sold in order.created, and the variant put back in order.refunded', async () => {
    const hooks = await receiver();
    const endpoint = await registerReceiver(server, cookie, hooks, ['order.created', 'order.refunded']);
    const bowl = await insertProductWithVariants(server, cookie, [
      { options: ['Walnut'], price: '58.00', stockQuantity: 3 },
      { options: ['Cherry'], price: '54.00', stockQuantity: 3 },
    ]);
    const cherry = variantOf(bowl, 'Cherry').id;
    const order = await buyVariant(new Browser(server.url), bowl.id, cherry, 2);
    const refund = await call(server, 'POST', `/orders/${order.id}/refunds`, {
      cookie,
      body: { amount: '54.00', reason: 'One was cracked', restock: [{ productId: bowl.id, variantId: cherry, quantity: 1 }] },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    await settledDeliveries(server, cookie, endpoint.id, 2);

    const [created] = ofType(hooks, 'order.created');
    expect(created!.verified).toBe(true);
    expect(created!.body.data.object.items).toEqual([
      { productId: bowl.id, variantId: cherry, variant: 'Cherry', name: bowl.name, price: '54.00', quantity: 2 },
    ]);
    const [refunded] = ofType(hooks, 'order.refunded');
    expect(refunded!.body.data.object).toMatchObject({
      orderId: order.id,
      amount: '54.00',
      restock: [{ productId: bowl.id, variantId: cherry, quantity: 1 }],
    });
  });
});
