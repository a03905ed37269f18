import pg from 'pg';
import type { Outputs, QuoteJson } from './api-types';
import type { Browser } from './browser';

// What an API test needs to buy something: a product of its own, a payment, and the order the checkout sends.

export const APPROVED_CARD = { cardNumber: '4111 1111 1111 1111', expiryDate: '12/39', cvv: '123', cardholderName: 'Ada Turner' };

export const ADDRESS = { address: '12 Lathe Lane', city: 'Athens', state: 'GA', zipCode: '30601', phone: '706-555-0100' };

/** Runs SQL on the test server's database (to set up stock, or to look at what was written). */
export async function withDatabase<T>(databaseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A product only this test buys, so counts and stock never depend on other tests. */
export async function createProduct(databaseUrl: string, fields: { price: string; stock: number; weight?: string; name?: string }) {
  return withDatabase(databaseUrl, async (client) => {
    const result = await client.query<{ id: number }>(
      `insert into product (name, description, price, image_url, gallery_images, in_stock, stock_quantity, category, dimensions, weight,
        material, finish, featured, archived, created_at, updated_at)
       values ($1, 'A test piece', $2, '/images/products/cherry-yarn-bowl.svg', '[]', true, $3, 'accessories', '3"', $4, 'Oak', 'Oil',
        false, false, now(), now()) returning id`,
      [fields.name ?? `Test piece ${Math.random().toString(36).slice(2, 8)}`, fields.price, fields.stock, fields.weight ?? '1.00'],
    );
    return result.rows[0]!.id;
  });
}

export async function productStock(databaseUrl: string, id: number) {
  return withDatabase(databaseUrl, async (client) => {
    const result = await client.query<{ stock_quantity: number; in_stock: boolean }>(
      'select stock_quantity, in_stock from product where id = $1',
      [id],
    );
    return result.rows[0]!;
  });
}

export async function countRows(databaseUrl: string, table: string) {
  return withDatabase(databaseUrl, async (client) =>
    Number((await client.query<{ count: string }>(`select count(*) from ${table}`)).rows[0]!.count),
  );
}

/** The quote for some items in a state, as the checkout asks for it. */
export async function quote(browser: Browser, items: { productId: number; quantity: number }[], state = 'GA') {
  const response = await browser.post<QuoteJson>('/api/checkout/quote', { items, state });
  if (response.status !== 200) throw new Error(`quote failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export async function payByCard(browser: Browser, amount: string, card = APPROVED_CARD) {
  const response = await browser.post<Outputs['payments']['processCardPayment']>('/api/square/process-payment', {
    sourceId: `card_${card.cardNumber.slice(-4)}_${Date.now()}_${Math.random()}`,
    amount,
    cardData: card,
  });
  const { payment } = response.body;
  if (response.status !== 200 || !response.body.success || !payment) throw new Error(`payment failed: ${JSON.stringify(response.body)}`);
  return payment.id;
}

/** The order body of SPEC.md section 3, from a quote and a card payment. */
export function orderBody(
  q: Awaited<ReturnType<typeof quote>>,
  payment: { squarePaymentId?: string; paypalCaptureId?: string; paypalOrderId?: string },
  state = 'GA',
) {
  return {
    customerEmail: 'ada@example.com',
    customerName: 'Ada Turner',
    shippingAddress: { ...ADDRESS, state },
    billingAddress: { address: ADDRESS.address, city: ADDRESS.city, state, zipCode: ADDRESS.zipCode },
    items: q.lines.map((line) => ({ productId: line.productId, name: line.name, price: line.price, quantity: line.quantity })),
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
