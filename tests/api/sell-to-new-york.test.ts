import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/admin-client';
import { Browser } from '../support/browser';
import { insertProduct, orderBody, payByCard } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';
import type { ErrorJson, OrderJson, QuoteJson } from '../support/api-types';

// Issue 46's "Done when", as an owner's script does it over the REST mirror with an API token: on a new shop, open
// sales to New York with its own zone and tax (D39), create a 10%-off code with a minimum and an end date (D40); a
// buyer in New York is refused below the minimum, quoted the right money above it and pays exactly that; the order
// keeps the code and the amounts; once the code has ended it is refused; SPEC's six states answer as before.
// Every expected figure is worked out here by hand, not by the shop's pricing code.

let server: TestServer;
let token: string;
let bowl: number;
beforeAll(async () => {
  server = await startTestServer();
  const cookie = await signIn(server);
  const created = await call<{ token: string }>(server, 'POST', '/admin/tokens', {
    cookie,
    body: { name: 'New York script', scope: 'read-write' },
  });
  token = created.body.token;
  // $35.00 and 1.75 lb a bowl.
  bowl = await insertProduct(server.databaseUrl, { name: 'Maple bowl', price: '35.00', weight: '1.75', stock: 20 });
});
afterAll(() => server?.close());

/** The owner's script: a call with the token. */
const owner = <T>(method: string, path: string, body?: unknown) =>
  call<T>(server, method, path, { body, headers: { authorization: `Bearer ${token}` } });

const SPEC_ZONE = {
  name: 'Southeast',
  states: ['GA', 'NC', 'SC', 'TN', 'FL', 'AL'],
  baseRate: '6.95',
  baseWeight: 2,
  extraPerPound: '1.25',
  freeFrom: '75.00',
};
const SPEC_RATES = { GA: 400, NC: 475, SC: 600, TN: 700, FL: 600, AL: 400 } as const;
// New York: $8.50 for the first 2 lb, $1.50 each further pound (begun), free from $150.00 of goods; 4% + 4.5% local.
const NEW_YORK_ZONE = { name: 'New York', states: ['NY'], baseRate: '8.50', baseWeight: 2, extraPerPound: '1.50', freeFrom: '150.00' };

/** SPEC's six states' answers (D5, D6), written out: unchanged on a new shop and after New York is opened. */
async function expectSpecAnswers() {
  const buyer = new Browser(server.url);
  // $90.00 taxed at each state's rate, rounded half up to the cent.
  const taxOn90 = { GA: 3.6, NC: 4.28, SC: 5.4, TN: 6.3, FL: 5.4, AL: 3.6 } as const;
  for (const state of Object.keys(SPEC_RATES) as (keyof typeof SPEC_RATES)[]) {
    for (const [body, shippingCost] of [
      [{ weight: 1, state }, 6.95],
      [{ weight: 2, state }, 6.95],
      [{ weight: 2.01, state }, 8.2],
      [{ weight: 10, state, subtotal: 74.99 }, 16.95],
      [{ weight: 10, state, subtotal: 75 }, 0],
    ] as const) {
      const answer = await buyer.post('/api/shipping/calculate', body);
      expect(answer.status, `${state} ${JSON.stringify(body)}`).toBe(200);
      expect(answer.body, `${state} ${JSON.stringify(body)}`).toEqual({ shippingCost });
    }
    expect((await buyer.post('/api/tax/calculate', { amount: 90, state })).body, state).toEqual({ taxAmount: taxOn90[state] });
  }
}

const quoteIn = (buyer: Browser, quantity: number, discountCode?: string) =>
  buyer.post<QuoteJson>('/api/checkout/quote', {
    items: [{ productId: bowl, quantity }],
    state: 'NY',
    ...(discountCode ? { discountCode } : {}),
  });

describe('selling to New York with a code (issue 46, Done when)', () => {
  it("a new shop answers SPEC's shipping and tax in SPEC's six states, and does not sell to New York", async () => {
    await expectSpecAnswers();
    const refused = await new Browser(server.url).post<ErrorJson>('/api/tax/calculate', { amount: 10, state: 'NY' });
    expect(refused.status).toBe(400);
    expect(refused.body.data.reason).toBe('STATE_NOT_SERVED');
  });

  it('the owner opens New York and makes a code; a buyer there is quoted, pays the exact total, and the code ends', async () => {
    const shipping = await owner('PUT', '/admin/shipping', { zones: [SPEC_ZONE, NEW_YORK_ZONE] });
    expect(shipping.status, JSON.stringify(shipping.body)).toBe(200);
    const rates = Object.entries(SPEC_RATES).map(([state, rate]) => ({ state, rateBasisPoints: rate, localRateBasisPoints: null }));
    const tax = await owner('PUT', '/admin/tax', { rates: [...rates, { state: 'NY', rateBasisPoints: 400, localRateBasisPoints: 450 }] });
    expect(tax.status, JSON.stringify(tax.body)).toBe(200);

    const endsAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const created = await owner<{ id: number; code: string; status: string }>('POST', '/admin/discounts', {
      code: 'NEWYORK10',
      kind: 'percentage',
      value: '10',
      minimumSubtotal: '100.00',
      endsAt,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ code: 'NEWYORK10', status: 'active' });

    const buyer = new Browser(server.url);
    // Two bowls, $70.00: under the $100.00 minimum.
    const below = await quoteIn(buyer, 2, 'newyork10');
    expect(below.status).toBe(400);
    expect((below.body as unknown as ErrorJson).data).toMatchObject({
      reason: 'DISCOUNT_MINIMUM',
      field: 'discountCode',
      minimumSubtotal: '100.00',
    });

    // Three bowls without the code: $105.00 of goods (under the zone's free $150.00), 5.25 lb. Shipping: $8.50 for
    // 2 lb + 4 begun pounds at $1.50 = $14.50. Tax 8.5% of $105.00 = $8.925, so $8.93; total $128.43.
    expect((await quoteIn(buyer, 3)).body).toMatchObject({ subtotal: '105.00', shipping: '14.50', tax: '8.93', total: '128.43' });

    // With the code: 10% of $105.00 = $10.50 off the goods, $94.50 left; shipping as above; tax 8.5% of $94.50 =
    // $8.0325, so $8.03; total $94.50 + $14.50 + $8.03 = $117.03.
    const q = await quoteIn(buyer, 3, 'NewYork10');
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    expect(q.body).toMatchObject({
      subtotal: '105.00',
      shipping: '14.50',
      tax: '8.03',
      total: '117.03',
      discount: { code: 'NEWYORK10', kind: 'percentage', amount: '10.50' },
    });

    // Five bowls: $175.00, $17.50 off, $157.50 left: free shipping in New York (judged after the discount, D40);
    // tax 8.5% of $157.50 = $13.3875, so $13.39; total $170.89.
    expect((await quoteIn(buyer, 5, 'NEWYORK10')).body).toMatchObject({
      subtotal: '175.00',
      shipping: '0.00',
      tax: '13.39',
      total: '170.89',
      discount: { amount: '17.50' },
    });

    // The buyer pays the three bowls' $117.03 by card and orders them to New York with the code.
    const paymentId = await payByCard(buyer, '117.03');
    const placed = await buyer.post<OrderJson>('/api/orders', {
      ...orderBody(q.body, { squarePaymentId: paymentId }, 'NY'),
      customerEmail: 'ny.buyer@example.com',
      discountCode: 'newyork10',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const amounts = {
      subtotal: '105.00',
      shipping: '14.50',
      tax: '8.03',
      total: '117.03',
      discountCode: 'NEWYORK10',
      discount: '10.50',
    };
    expect(placed.body).toMatchObject(amounts);
    // As stored: the owner's view of the order, and of the code's use.
    const stored = await owner<OrderJson>('GET', `/admin/orders/${placed.body.id}`);
    expect(stored.body).toMatchObject(amounts);
    expect(stored.body.shippingAddress.state).toBe('NY');
    const listed = await owner<{ id: number; uses: number; givenAway: string }[]>('GET', '/admin/discounts');
    expect(listed.body.find((code) => code.id === created.body.id)).toMatchObject({ uses: 1, givenAway: '10.50' });

    // The owner ends the code (an end date in the past): it is refused by its reason, at the quote and the order.
    const ended = await owner('PATCH', `/admin/discounts/${created.body.id}`, { endsAt: new Date(Date.now() - 60_000).toISOString() });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    const expired = await quoteIn(buyer, 3, 'NEWYORK10');
    expect(expired.status).toBe(409);
    expect((expired.body as unknown as ErrorJson).data).toMatchObject({ reason: 'DISCOUNT_EXPIRED', field: 'discountCode' });
    const late = await buyer.post<ErrorJson>('/api/orders', {
      ...orderBody(q.body, { squarePaymentId: await payByCard(buyer, '117.03') }, 'NY'),
      customerEmail: 'late.buyer@example.com',
      discountCode: 'NEWYORK10',
    });
    expect(late.status).toBe(409);
    expect(late.body.data).toMatchObject({ reason: 'DISCOUNT_EXPIRED', field: 'discountCode' });
    // Without it, the full price.
    expect((await quoteIn(buyer, 3)).body).toMatchObject({ total: '128.43' });
  });

  it("SPEC's six states still answer as before with New York open", async () => {
    await expectSpecAnswers();
  });
});
