import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVED_CARD, buy, insertProduct } from '../support/fixtures';
import { keepAliveClient } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

// Prometheus metrics as an operator scrapes them: behind a token on the shop's port, or on a port of their own.
const TOKEN = 'metrics-token-0123456789';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: TOKEN, METRICS_PORT: '0' });
}, 120_000);
afterAll(async () => server?.close());

const scrape = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(url, { headers });
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
};
/** The value of one sample line, e.g. `turnery_orders_total{outcome="placed"}`. */
const sample = (text: string, name: string) => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
};

describe('GET /metrics', () => {
  it('is refused without the token and served with it', async () => {
    expect((await scrape(`${server.url}/metrics`)).status).toBe(404);
    expect((await scrape(`${server.url}/metrics`, { authorization: 'Bearer wrong-token-0123456789' })).status).toBe(404);
    const scraped = await scrape(`${server.url}/metrics`, { authorization: `Bearer ${TOKEN}` });
    expect(scraped.status).toBe(200);
    expect(scraped.type).toContain('text/plain');
    expect(scraped.text).toContain('turnery_process_cpu_seconds_total');
  });

  it('counts requests by route pattern, orders and payments by outcome, and shows the pool, queue and outbox', async () => {
    const productId = await insertProduct(server.databaseUrl, { stock: 5 });
    const client = keepAliveClient(server.url);
    expect((await buy(client, productId)).orderId).toBeGreaterThan(0);
    const declined = await client.post<{ success: boolean }>('/api/square/process-payment', {
      sourceId: `card_0002_${Date.now()}`,
      amount: '10.00',
      cardData: { ...APPROVED_CARD, cardNumber: '4000 0000 0000 0002' },
    });
    expect(declined.body.success).toBe(false);
    // An unknown query parameter is refused (400) by the operation, and still counted under its route pattern.
    expect((await fetch(`${server.url}/api/products/${productId}?fresh=1`)).status).toBe(400);

    // The metrics' own port needs no token.
    const { status, text } = await scrape(`http://127.0.0.1:${server.metricsPort}/metrics`);
    expect(status).toBe(200);
    expect(sample(text, 'turnery_orders_total{outcome="placed"}')).toBe(1);
    expect(sample(text, 'turnery_payments_total{method="card",outcome="captured"}')).toBe(1);
    expect(sample(text, 'turnery_payments_total{method="card",outcome="CARD_DECLINED"}')).toBe(1);
    expect(sample(text, 'turnery_http_request_duration_seconds_count{method="POST",route="/api/orders",status="200"}')).toBe(1);
    // Routes are patterns: no product id (or any other address part) becomes a label.
    expect(text).toContain('route="/api/products/{id}"');
    expect(text).not.toContain(`/api/products/${productId}`);
    expect(sample(text, 'turnery_payment_ledger_entries{state="ordered"}')).toBe(1);
    // No SMTP in tests: the order's confirmation and the owner's notice wait in the outbox.
    expect(sample(text, 'turnery_emails{state="waiting"}')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'turnery_job_queue_jobs{state="waiting"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'turnery_db_pool_connections{state="used"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'turnery_db_pool_connections{state="waiting"}')).toBe(0);
  });

  it("listens on this machine only, unless METRICS_HOST says otherwise, even when the shop's port listens everywhere", async () => {
    // 127.0.0.2 is this machine too, but not the address 127.0.0.1: a listener bound to 127.0.0.1 refuses it, as it
    // refuses a connection from the network; a listener on every interface answers it.
    const everywhere = await startTestServer({ HOST: '0.0.0.0', METRICS_PORT: '0' });
    try {
      expect((await scrape(`http://127.0.0.2:${everywhere.port}/api/health`)).status).toBe(200);
      expect((await scrape(`http://127.0.0.1:${everywhere.metricsPort}/metrics`)).status).toBe(200);
      await expect(scrape(`http://127.0.0.2:${everywhere.metricsPort}/metrics`)).rejects.toMatchObject({
        cause: { code: 'ECONNREFUSED' },
      });
    } finally {
      await everywhere.close();
    }
    const told = await startTestServer({ METRICS_PORT: '0', METRICS_HOST: '0.0.0.0' });
    try {
      expect((await scrape(`http://127.0.0.2:${told.metricsPort}/metrics`)).status).toBe(200);
    } finally {
      await told.close();
    }
  });
});
