import type { OrderJson, Outputs, QuoteJson } from './api-types';
import type { JsonResponse } from './browser';
import { sql } from './database';

// The shop's test data, one set for the API tests, the end-to-end tests and the benchmarks: a product, a blog
// post and a placed order put straight into a database (for what no public call makes, or makes slowly), and a
// buyer's cart, card payment and order sent through the API as the checkout sends them.

// The commissions' fixtures live in commission-fixtures.ts; they are named here too, so an importer of this file
// (the end-to-end specs) finds them where it always has.
export { acceptBody, COMMISSION_REQUEST, quoteCommission, requestCommission } from './commission-fixtures';

export const BUYER = { customerEmail: 'ada@example.com', customerName: 'Ada Turner' };
export const ADDRESS = { address: '12 Lathe Lane', city: 'Athens', state: 'GA', zipCode: '30601', phone: '706-555-0100' };
export const APPROVED_CARD = { cardNumber: '4111 1111 1111 1111', expiryDate: '12/39', cvv: '123', cardholderName: 'Ada Turner' };

export interface ProductFixture {
  name?: string;
  description?: string;
  price?: string;
  imageUrl?: string;
  galleryImages?: string[];
  inStock?: boolean;
  stock?: number;
  category?: string;
  dimensions?: string;
  weight?: string;
  material?: string;
  finish?: string;
  featured?: boolean;
  archived?: boolean;
  /** Added this many days ago (the shop lists the newest first). */
  daysAgo?: number;
}

/** A product of the test's own, so counts and stock never depend on other tests; answers its id. */
export async function insertProduct(databaseUrl: string, product: ProductFixture = {}): Promise<number> {
  const [row] = await sql<{ id: number }>(
    databaseUrl,
    `insert into product (name, description, price, image_url, gallery_images, in_stock, stock_quantity, category, dimensions,
       weight, material, finish, featured, archived, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, now() - make_interval(days => $15), now())
     returning id`,
    [
      product.name ?? `Test piece ${Math.random().toString(36).slice(2, 8)}`,
      product.description ?? 'A test piece',
      product.price ?? '20.00',
      product.imageUrl ?? '/images/products/cherry-yarn-bowl.svg',
      JSON.stringify(product.galleryImages ?? []),
      product.inStock ?? true,
      product.stock ?? 10,
      product.category ?? 'accessories',
      product.dimensions ?? '3"',
      product.weight ?? '1.00',
      product.material ?? 'Oak',
      product.finish ?? 'Oil',
      product.featured ?? false,
      product.archived ?? false,
      product.daysAgo ?? 0,
    ],
  );
  return row!.id;
}

export async function productStock(databaseUrl: string, id: number) {
  const [row] = await sql<{ stock_quantity: number; in_stock: boolean }>(
    databaseUrl,
    'select stock_quantity, in_stock from product where id = $1',
    [id],
  );
  return row!;
}

export async function countRows(databaseUrl: string, table: string): Promise<number> {
  return Number((await sql<{ count: string }>(databaseUrl, `select count(*) from ${table}`))[0]!.count);
}

/** A blog post; published ones are published now unless `publishedAt` says when. Answers its id. */
export async function insertPost(
  databaseUrl: string,
  post: { slug: string; published: boolean; title?: string; content?: string; publishedAt?: string | null },
): Promise<number> {
  const [row] = await sql<{ id: number }>(
    databaseUrl,
    `insert into blog_post (title, slug, excerpt, content, image_url, published, published_at, created_at, updated_at)
     values ($1, $2, 'An excerpt', $3, '/images/blog/test.svg', $4, $5, now(), now()) returning id`,
    [
      post.title ?? `Post ${post.slug}`,
      post.slug,
      post.content ?? 'Some *text*.',
      post.published,
      post.publishedAt !== undefined ? post.publishedAt : post.published ? new Date().toISOString() : null,
    ],
  );
  return row!.id;
}

/** An order with one line per item, placed `daysAgo` days ago, as the dashboard's figures read it; answers its id. */
export async function insertOrder(
  databaseUrl: string,
  order: {
    items: { productId: number; name: string; price: string; quantity: number }[];
    total: string;
    status?: string;
    daysAgo?: number;
    customerEmail?: string;
    customerName?: string;
    /** Its payment, as the ledger holds one the shop took on the order's day (revenue counts the ledger's money). */
    paid?: boolean;
  },
): Promise<number> {
  const [row] = await sql<{ id: number }>(
    databaseUrl,
    `insert into shop_order (customer_email, customer_name, shipping_address, billing_address, subtotal, shipping, tax, total,
       status, payment_method, created_at)
     values ($4, $5,
       '{"address":"1 Main St","city":"Athens","state":"GA","zipCode":"30601","phone":"555-0100"}',
       '{"address":"1 Main St","city":"Athens","state":"GA","zipCode":"30601"}',
       $1, '0.00', '0.00', $1, $2, 'square', now() - make_interval(days => $3))
     returning id`,
    [
      order.total,
      order.status ?? 'pending',
      order.daysAgo ?? 0,
      order.customerEmail ?? 'ada@example.com',
      order.customerName ?? 'Ada Turner',
    ],
  );
  if (order.paid) {
    await sql(
      databaseUrl,
      `insert into payment_ledger (method, provider, idempotency_key, payment_id, amount_cents, state, order_id, created_at, updated_at)
       select 'square', 'sandbox', 'fixture-' || id, 'fixture-' || id, round(total * 100), 'ordered', id, created_at, created_at
         from shop_order where id = $1`,
      [row!.id],
    );
  }
  for (const item of order.items) {
    await sql(databaseUrl, 'insert into order_item (order_id, product_id, name, price, quantity) values ($1, $2, $3, $4, $5)', [
      row!.id,
      item.productId,
      item.name,
      item.price,
      item.quantity,
    ]);
  }
  return row!.id;
}

/** Whoever sends the buyer's requests: a Browser (tests) or a kept-alive HTTP client (load tests, benchmarks). */
export interface JsonClient {
  post<T = unknown>(path: string, body?: unknown): Promise<JsonResponse<T>>;
}

/** The quote for some items in a state, as the checkout asks for it before taking money. */
export async function quote(
  client: JsonClient,
  items: { productId: number; variantId?: number; quantity: number }[],
  state = 'GA',
): Promise<QuoteJson> {
  const response = await client.post<QuoteJson>('/api/checkout/quote', { items, state });
  if (response.status !== 200) throw new Error(`quote failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** A sandbox card payment of `amount`; answers the payment's id. */
export async function payByCard(client: JsonClient, amount: string, card = APPROVED_CARD): Promise<string> {
  const response = await client.post<Outputs['payments']['processCardPayment']>('/api/square/process-payment', {
    sourceId: `card_${card.cardNumber.slice(-4)}_${Date.now()}_${Math.random()}`,
    amount,
    cardData: card,
  });
  const { payment } = response.body;
  if (response.status !== 200 || !response.body.success || !payment) throw new Error(`payment failed: ${JSON.stringify(response.body)}`);
  return payment.id;
}

/** The order body of docs/product.md section 3, from a quote and a payment. */
export function orderBody(
  q: QuoteJson,
  payment: { squarePaymentId?: string; paypalCaptureId?: string; paypalOrderId?: string },
  state = 'GA',
) {
  return {
    ...BUYER,
    shippingAddress: { ...ADDRESS, state },
    billingAddress: { address: ADDRESS.address, city: ADDRESS.city, state, zipCode: ADDRESS.zipCode },
    items: q.lines.map((line) => ({
      productId: line.productId,
      ...(line.variantId === undefined ? {} : { variantId: line.variantId }),
      name: line.name,
      price: line.price,
      quantity: line.quantity,
    })),
    subtotal: q.subtotal,
    shipping: q.shipping,
    tax: q.tax,
    total: q.total,
    status: 'completed',
    paymentMethod: payment.squarePaymentId ? 'square' : 'paypal',
    paypalOrderId: payment.paypalOrderId ?? null,
    paypalCaptureId: payment.paypalCaptureId ?? null,
    squarePaymentId: payment.squarePaymentId ?? null,
  };
}

/**
 * One unit (of the variant, when given) bought as the checkout buys it: quote, card payment, order. Never throws for an answer: the order's id
 * when one was placed, and the status of each call made (a refused step ends the purchase).
 */
export async function buy(client: JsonClient, productId: number, variantId?: number): Promise<{ orderId?: number; statuses: number[] }> {
  const item = variantId === undefined ? { productId, quantity: 1 } : { productId, variantId, quantity: 1 };
  const q = await client.post<QuoteJson>('/api/checkout/quote', { items: [item], state: 'GA' });
  if (q.status !== 200) return { statuses: [q.status] };
  const payment = await client.post<Outputs['payments']['processCardPayment']>('/api/square/process-payment', {
    sourceId: `card_1111_${Date.now()}_${Math.random()}`,
    amount: q.body.total,
    cardData: APPROVED_CARD,
  });
  if (payment.status !== 200 || !payment.body.success || !payment.body.payment) return { statuses: [q.status, payment.status] };
  const order = await client.post<OrderJson>('/api/orders', orderBody(q.body, { squarePaymentId: payment.body.payment.id }));
  return { orderId: order.status === 200 ? order.body.id : undefined, statuses: [q.status, payment.status, order.status] };
}

/**
 * `count` buyers buying one unit each of `productId`, one purchase after another, until `stop()`: what each was
 * told (the orders placed), every status answered, and every request that got no answer at all (`thrown`).
 */
export function keepBuying(client: JsonClient, productId: number, count: number) {
  const told: number[] = [];
  const statuses: number[] = [];
  const thrown: string[] = [];
  let buying = true;
  const buyers = Array.from({ length: count }, async () => {
    while (buying) {
      try {
        const result = await buy(client, productId);
        if (result.orderId !== undefined) told.push(result.orderId);
        statuses.push(...result.statuses);
      } catch (error) {
        thrown.push(String(error));
      }
    }
  });
  return {
    told,
    statuses,
    thrown,
    async stop() {
      buying = false;
      await Promise.all(buyers);
    },
  };
}

/**
 * A client behind a balancer the test server trusts (TRUST_PROXY=loopback): each `address` is another buyer, so a
 * test that sends many requests meets no per-client limit meant for one buyer.
 */
export function forwardedClient(baseUrl: string, address: string) {
  const send = async <T>(method: string, path: string, body?: unknown): Promise<JsonResponse<T>> => {
    const headers: Record<string, string> = { 'x-forwarded-for': address };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
  return {
    get: <T = unknown>(path: string) => send<T>('GET', path),
    post: <T = unknown>(path: string, body?: unknown) => send<T>('POST', path, body ?? {}),
  };
}
