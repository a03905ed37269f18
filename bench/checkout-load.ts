// The checkout as buyers drive it: quote, sandbox card payment, order. Measures orders per second under
// concurrency, then checks that a scarce product is never oversold.
import http from 'node:http';
import pg from 'pg';
import type { OrderJson, Outputs, QuoteJson } from '../tests/support/api-types';

const ADDRESS = { address: '12 Lathe Lane', city: 'Athens', state: 'GA', zipCode: '30601', phone: '706-555-0100' };
const CARD = { cardNumber: '4111 1111 1111 1111', expiryDate: '12/39', cvv: '123', cardholderName: 'Bench Buyer' };

// Plain node:http with kept-alive connections: fetch costs the load generator several times more CPU per
// request, and on 2 cores that CPU is taken from the server being measured.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function post<T>(url: string, body: unknown): Promise<{ status: number; body: T }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as T });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** One purchase of one unit; resolves true when an order was placed. */
export async function buyOnce(shopUrl: string, productId: number): Promise<boolean> {
  return (await buy(shopUrl, productId)).orderId !== undefined;
}

/** One purchase of one unit: the order's id when one was placed, and the statuses of the three calls. */
export async function buy(shopUrl: string, productId: number): Promise<{ orderId?: number; statuses: number[] }> {
  const quote = await post<QuoteJson>(`${shopUrl}/api/checkout/quote`, { items: [{ productId, quantity: 1 }], state: 'GA' });
  if (quote.status !== 200) return { statuses: [quote.status] };
  const q = quote.body;
  const payment = await post<Outputs['payments']['processCardPayment']>(`${shopUrl}/api/square/process-payment`, {
    sourceId: `card_1111_${Date.now()}_${Math.random()}`,
    amount: q.total,
    cardData: CARD,
  });
  if (payment.status !== 200 || !payment.body.success || !payment.body.payment) return { statuses: [quote.status, payment.status] };
  const order = await post<OrderJson>(`${shopUrl}/api/orders`, {
    customerEmail: 'buyer@example.com',
    customerName: 'Bench Buyer',
    shippingAddress: ADDRESS,
    billingAddress: { address: ADDRESS.address, city: ADDRESS.city, state: ADDRESS.state, zipCode: ADDRESS.zipCode },
    items: q.lines.map((line) => ({ productId: line.productId, name: line.name, price: line.price, quantity: line.quantity })),
    subtotal: q.subtotal,
    shipping: q.shipping,
    tax: q.tax,
    total: q.total,
    status: 'completed',
    paymentMethod: 'square',
    squarePaymentId: payment.body.payment.id,
    paypalOrderId: null,
    paypalCaptureId: null,
  });
  return { orderId: order.status === 200 ? order.body.id : undefined, statuses: [quote.status, payment.status, order.status] };
}

export async function newProduct(databaseUrl: string, stock: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `insert into product (name, description, price, image_url, gallery_images, in_stock, stock_quantity, category, dimensions,
         weight, material, finish, featured, archived, created_at, updated_at)
       values ('Bench Bowl ' || $1::text, 'For the checkout benchmark.', 24.50, '/images/products/cherry-yarn-bowl.svg', '[]', true, $1::int,
         'accessories', '5"', 1.00, 'Oak', 'Oil', false, false, now(), now()) returning id`,
      [stock],
    );
    return rows[0]!.id;
  } finally {
    await client.end();
  }
}

export async function stockOf(databaseUrl: string, id: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ s: number }>('select stock_quantity as s from product where id = $1', [id])).rows[0]!.s;
  } finally {
    await client.end();
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

export async function benchCheckout(shopUrl: string, databaseUrl: string, options: { connections: number; seconds: number }) {
  // Throughput: plenty of stock, `connections` buyers buying one after another for the duration.
  const productId = await newProduct(databaseUrl, 1_000_000);
  const stockBefore = await stockOf(databaseUrl, productId);
  const latencies: number[] = [];
  let orders = 0;
  let failed = 0;
  const deadline = Date.now() + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (Date.now() < deadline) {
        const started = performance.now();
        const ok = await buyOnce(shopUrl, productId).catch(() => false);
        latencies.push(performance.now() - started);
        if (ok) orders += 1;
        else failed += 1;
      }
    }),
  );
  const stockAfter = await stockOf(databaseUrl, productId);
  latencies.sort((a, b) => a - b);

  // Scarcity: three buyers for each of 20 units, all at once: exactly 20 orders, stock 0.
  const scarce = await newProduct(databaseUrl, 20);
  const results = await Promise.all(Array.from({ length: 60 }, () => buyOnce(shopUrl, scarce).catch(() => false)));
  const scarceSold = results.filter(Boolean).length;
  const scarceLeft = await stockOf(databaseUrl, scarce);

  return {
    connections: options.connections,
    orders,
    failed,
    ordersPerSecond: orders / options.seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    stockBefore,
    stockAfter,
    unitsSold: stockBefore - stockAfter,
    oversold: stockBefore - stockAfter !== orders || scarceSold !== 20 || scarceLeft !== 0,
    scarce: { units: 20, buyers: 60, sold: scarceSold, left: scarceLeft },
  };
}
