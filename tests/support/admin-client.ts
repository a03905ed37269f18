import pg from 'pg';
import type { TestServer } from './test-server';

export const TEST_ADMIN_PASSWORD = 'test-admin-password';

/** The cookies a response set, as one Cookie header value. */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Signs in over the REST mirror and returns the session cookie. */
export async function signIn(server: TestServer, password = TEST_ADMIN_PASSWORD): Promise<string> {
  const response = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  const body = (await response.json()) as { success?: boolean };
  if (!body.success) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(body)}`);
  return cookiesOf(response);
}

/** A JSON request to the REST mirror, with the cookie when given; `T` is the body the test expects. */
export async function call<T = unknown>(
  server: TestServer,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { status: response.status, body: json as T, response };
}

/** Runs SQL on the test server's own database, for data no endpoint of this area makes (orders, messages). */
export async function sql<T extends pg.QueryResultRow = Record<string, unknown>>(
  server: TestServer,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** An order with one line per item, placed `daysAgo` days ago; returns its id. */
export async function insertOrder(
  server: TestServer,
  order: {
    items: { productId: number; name: string; price: string; quantity: number }[];
    total: string;
    status?: string;
    daysAgo?: number;
  },
): Promise<number> {
  const [row] = await sql<{ id: number }>(
    server,
    `insert into shop_order (customer_email, customer_name, shipping_address, billing_address, subtotal, shipping, tax, total,
       status, payment_method, created_at)
     values ('ada@example.com', 'Ada Turner',
       '{"address":"1 Main St","city":"Athens","state":"GA","zipCode":"30601","phone":"555-0100"}',
       '{"address":"1 Main St","city":"Athens","state":"GA","zipCode":"30601"}',
       $1, '0.00', '0.00', $1, $2, 'square', now() - make_interval(days => $3))
     returning id`,
    [order.total, order.status ?? 'pending', order.daysAgo ?? 0],
  );
  for (const item of order.items) {
    await sql(server, 'insert into order_item (order_id, product_id, name, price, quantity) values ($1, $2, $3, $4, $5)', [
      row!.id,
      item.productId,
      item.name,
      item.price,
      item.quantity,
    ]);
  }
  return row!.id;
}
