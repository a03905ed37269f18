import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { startServer, type RunningServer } from '../../server/server';
import { adminBrowser, Browser } from '../support/browser';
import { eventually } from '../support/eventually';
import { insertProduct, orderBody, payByCard, quote, quoteCommission, requestCommission } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';
import type { ErrorJson, Outputs } from '../support/api-types';

// Where the shop sells is the owner's setting (D39): a new shop answers SPEC's calls as before; the owner opens New
// York with its own zone and tax, and a buyer there is quoted and pays by them; other states are refused by name.

type Zones = Outputs['shipping']['zones'];
type Shipping = Outputs['admin']['sales']['shipping'];
type Tax = Outputs['admin']['sales']['tax'];

let server: TestServer;
let buyer: Browser;
let owner: Browser;
let bowl: number;
beforeAll(async () => {
  server = await startTestServer();
  buyer = new Browser(server.url);
  owner = await adminBrowser(server);
  bowl = await insertProduct(server.databaseUrl, { name: 'Zone Bowl', price: '40.00', weight: '2.50', stock: 50 });
});
afterAll(() => server?.close());

const SOUTHEAST = {
  name: 'Southeast',
  states: ['GA', 'NC', 'SC', 'TN', 'FL', 'AL'],
  baseRate: '6.95',
  baseWeight: 2,
  extraPerPound: '1.25',
  freeFrom: '75.00',
};
const NORTHEAST = { name: 'Northeast', states: ['NY'], baseRate: '9.95', baseWeight: 1, extraPerPound: '2.00', freeFrom: null };
const SPEC_TAX = [
  ['GA', 400],
  ['NC', 475],
  ['SC', 600],
  ['TN', 700],
  ['FL', 600],
  ['AL', 400],
] as const;
const specRates = SPEC_TAX.map(([state, rate]) => ({ state, rateBasisPoints: rate, localRateBasisPoints: null }));

describe("a new shop (D39: the starting settings are SPEC's)", () => {
  it("ships to SPEC's six states, in SPEC's order, as one zone with D5's formula", async () => {
    const zones = await buyer.get<Zones>('/api/shipping/zones');
    expect(zones.status).toBe(200);
    expect(zones.body.states.map((s) => `${s.code} ${s.name}`)).toEqual([
      'GA Georgia',
      'NC North Carolina',
      'SC South Carolina',
      'TN Tennessee',
      'FL Florida',
      'AL Alabama',
    ]);
    expect((await owner.get<Shipping>('/api/admin/shipping')).body).toEqual({ zones: [SOUTHEAST] });
    expect((await owner.get<Tax>('/api/admin/tax')).body.rates).toEqual(expect.arrayContaining(specRates));
  });

  it.each(SPEC_TAX)("answers SPEC's shipping, tax and checkout quote in %s as before (%i basis points)", async (state, rate) => {
    for (const [body, cost] of [
      [{ weight: 2, state }, 6.95],
      [{ weight: 2.01, state }, 8.2],
      [{ weight: '10', state, subtotal: '74.99' }, 16.95],
      [{ weight: 10, state, subtotal: 75 }, 0],
    ] as const) {
      expect((await buyer.post('/api/shipping/calculate', body)).body).toEqual({ shippingCost: cost });
    }
    const tax = Math.floor((9000 * rate + 5000) / 10000) / 100;
    expect((await buyer.post('/api/tax/calculate', { amount: '90.00', state })).body).toEqual({ taxAmount: tax });
    // One bowl: $40.00, 2.5 lb is the base rate and one more pound; tax on the goods only.
    const q = await quote(buyer, [{ productId: bowl, quantity: 1 }], state);
    const bowlTax = Math.floor((4000 * rate + 5000) / 10000);
    expect(q).toMatchObject({ subtotal: '40.00', shipping: '8.20', tax: (bowlTax / 100).toFixed(2) });
    expect(q.total).toBe(((4000 + 820 + bowlTax) / 100).toFixed(2));
  });

  it('refuses a state it does not ship to, naming it (400 STATE_NOT_SERVED)', async () => {
    for (const [path, body] of [
      ['/api/shipping/calculate', { weight: 1, state: 'NY' }],
      ['/api/tax/calculate', { amount: 10, state: 'NY' }],
      ['/api/checkout/quote', { items: [{ productId: bowl, quantity: 1 }], state: 'NY' }],
    ] as const) {
      const refused = await buyer.post<ErrorJson>(path, body);
      expect(refused.status).toBe(400);
      expect(refused.body.data.reason).toBe('STATE_NOT_SERVED');
      expect(refused.body.message).toBe('state: the shop does not ship to New York (NY)');
    }
    const request = await buyer.post<ErrorJson>('/api/commissions', {
      name: 'Ada',
      email: 'ada.ny@example.com',
      purpose: 'A bowl for New York',
      wood: 'own',
      size: '12 in.',
      budget: '250-500',
      shipToState: 'NY',
      photos: [],
    });
    expect(request.status).toBe(400);
    expect(request.body.message).toContain('shipToState: the shop does not ship to New York');
    // Not a state at all: the input's own 400.
    const unknown = await buyer.post<ErrorJson>('/api/tax/calculate', { amount: 10, state: 'XX' });
    expect(unknown.body.data.reason).toBe('VALIDATION_FAILED');
    expect(unknown.body.message).toContain('state');
  });
});

describe("the owner's settings", () => {
  it("are the owner's alone, and refuse bad input naming the field", async () => {
    expect((await buyer.request('PUT', '/api/admin/shipping', { zones: [SOUTHEAST] })).status).toBe(401);
    const cases: [string, unknown, string][] = [
      [
        '/api/admin/shipping',
        { zones: [SOUTHEAST, { ...NORTHEAST, states: ['NY', 'GA'] }] },
        'zones.1.states: GA is already in zone 1 (Southeast)',
      ],
      ['/api/admin/shipping', { zones: [{ ...NORTHEAST, states: [] }] }, 'zones.0.states'],
      ['/api/admin/shipping', { zones: [{ ...NORTHEAST, name: ' ' }] }, 'zones.0.name'],
      ['/api/admin/shipping', { zones: [{ ...NORTHEAST, baseRate: '-1' }] }, 'zones.0.baseRate'],
      ['/api/admin/shipping', { zones: [{ ...NORTHEAST, states: ['XX'] }] }, 'zones.0.states.0'],
      ['/api/admin/shipping', { zones: [{ ...NORTHEAST, baseWeight: 1.005 }] }, 'zones.0.baseWeight'],
      ['/api/admin/tax', { rates: [{ state: 'NY', rateBasisPoints: -1, localRateBasisPoints: null }] }, 'rates.0.rateBasisPoints'],
      ['/api/admin/tax', { rates: [{ state: 'NY', rateBasisPoints: 4.5, localRateBasisPoints: null }] }, 'rates.0.rateBasisPoints'],
      [
        '/api/admin/tax',
        { rates: [...specRates, { state: 'GA', rateBasisPoints: 1, localRateBasisPoints: null }] },
        'rates.6.state: GA is listed twice',
      ],
    ];
    for (const [path, body, named] of cases) {
      const refused = await owner.request<ErrorJson>('PUT', path, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message).toContain(named);
    }
    // Nothing was saved by the refusals.
    expect((await owner.get<Shipping>('/api/admin/shipping')).body).toEqual({ zones: [SOUTHEAST] });
  });

  it('open New York with its own zone and tax: its quote and order use them, and a later change leaves the order as placed', async () => {
    const shipping = await owner.request<Shipping>('PUT', '/api/admin/shipping', { zones: [SOUTHEAST, NORTHEAST] });
    expect(shipping.status).toBe(200);
    expect(shipping.body.zones[1]).toEqual(NORTHEAST);
    const tax = await owner.request<Tax>('PUT', '/api/admin/tax', {
      rates: [...specRates, { state: 'NY', rateBasisPoints: 400, localRateBasisPoints: 488 }],
    });
    expect(tax.status).toBe(200);
    expect((await buyer.get<Zones>('/api/shipping/zones')).body.states.map((s) => s.name)).toContain('New York');

    // Two bowls, 5 lb: $9.95 for the first pound and four more at $2.00; never free in this zone. 8.88% of $80.00.
    const q = await quote(buyer, [{ productId: bowl, quantity: 2 }], 'NY');
    expect(q).toMatchObject({ subtotal: '80.00', shipping: '17.95', tax: '7.10', total: '105.05' });
    expect((await buyer.post('/api/tax/calculate', { amount: '100.00', state: 'NY' })).body).toEqual({ taxAmount: 8.88 });
    expect((await buyer.post('/api/shipping/calculate', { weight: 1, state: 'NY', subtotal: '500.00' })).body).toEqual({
      shippingCost: 9.95,
    });
    // Georgia is as before.
    expect(await quote(buyer, [{ productId: bowl, quantity: 2 }], 'GA')).toMatchObject({ shipping: '0.00', tax: '3.20' });

    const paymentId = await payByCard(buyer, q.total);
    const placed = await buyer.post<Outputs['orders']['create']>('/api/orders', {
      ...orderBody(q, { squarePaymentId: paymentId }, 'NY'),
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body).toMatchObject({ shipping: '17.95', tax: '7.10', total: '105.05' });

    // New York's tax goes up: new quotes at once, the order placed keeps its amounts.
    await owner.request('PUT', '/api/admin/tax', {
      rates: [...specRates, { state: 'NY', rateBasisPoints: 400, localRateBasisPoints: 500 }],
    });
    expect(await quote(buyer, [{ productId: bowl, quantity: 2 }], 'NY')).toMatchObject({ tax: '7.20' });
    const order = await owner.get<Outputs['admin']['orders']['byId']>(`/api/admin/orders/${placed.body.id}`);
    expect(order.body).toMatchObject({ shipping: '17.95', tax: '7.10', total: '105.05' });

    // A state left out of every zone is no longer sold to, by name, for the order too.
    await owner.request('PUT', '/api/admin/shipping', { zones: [SOUTHEAST] });
    const refused = await buyer.post<ErrorJson>('/api/orders', orderBody(q, { squarePaymentId: await payByCard(buyer, q.total) }, 'NY'));
    expect(refused.status).toBe(400);
    // Refused after the payment was taken (a buyer who skipped the quote): refunded at once.
    expect(refused.body.message).toBe(
      'shippingAddress.state: the shop does not ship to New York (NY). Your payment of $105.05 has been refunded.',
    );
    await owner.request('PUT', '/api/admin/tax', { rates: specRates });
  });

  it('reach a second instance on the same database at once (its kept settings are dropped by the change notice)', async () => {
    const second: RunningServer = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: server.databaseUrl,
        SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
        ADMIN_PASSWORD: 'test-admin-password',
        LOG_LEVEL: 'warn',
        PAYMENT_PROVIDER: 'sandbox',
        STOP_DELAY_MS: '0',
      }),
    );
    try {
      const there = new Browser(second.url);
      const shippingThere = async () =>
        (await there.post<{ shippingCost: number }>('/api/shipping/calculate', { weight: 1, state: 'GA' })).body;
      expect(await shippingThere()).toEqual({ shippingCost: 6.95 }); // now kept by the second instance
      await owner.request('PUT', '/api/admin/shipping', { zones: [{ ...SOUTHEAST, baseRate: '7.50' }] });
      expect(await eventually(shippingThere, (answer) => answer.shippingCost === 7.5)).toEqual({ shippingCost: 7.5 });
    } finally {
      await owner.request('PUT', '/api/admin/shipping', { zones: [SOUTHEAST] });
      await second.stop();
    }
  });
});

describe("a commission quote's shipping (D39)", () => {
  it('is set by hand when the owner gives it, over the computed one', async () => {
    const { id } = await requestCommission(buyer, { email: 'ada.hand@example.com' });
    // $280.00 in Georgia: free by the zone; by hand $24.00. 4% tax; 30% deposit.
    const computed = await quoteCommission(owner, id);
    expect(computed.quotes.at(-1)).toMatchObject({ shipping: '0.00', tax: '11.20', total: '291.20', deposit: '87.36' });
    const byHand = await quoteCommission(owner, id, { shipping: '24.00' });
    expect(byHand.quotes.at(-1)).toMatchObject({ shipping: '24.00', tax: '11.20', total: '315.20', deposit: '94.56' });
  });

  it("is needed by hand once the shop no longer ships to the commission's state", async () => {
    const { id } = await requestCommission(buyer, { email: 'ada.stopped@example.com', shipToState: 'AL' });
    await owner.request('PUT', '/api/admin/shipping', { zones: [{ ...SOUTHEAST, states: ['GA', 'NC', 'SC', 'TN', 'FL'] }] });
    try {
      const refused = await owner.post<ErrorJson>(`/api/admin/commissions/${id}/quotes`, {
        lines: [{ description: 'Bowl', price: '100.00' }],
        weight: 4,
        depositPercent: 30,
        leadTimeDays: 42,
        validUntil: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('shipping: is needed: the shop does not ship to Alabama');
      expect((await quoteCommission(owner, id, { shipping: '15.00' })).quotes.at(-1)).toMatchObject({ shipping: '15.00', tax: '11.20' });
    } finally {
      await owner.request('PUT', '/api/admin/shipping', { zones: [SOUTHEAST] });
    }
  });
});
