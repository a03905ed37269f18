import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBrowser, Browser } from '../support/browser';
import { acceptBody, forwardedClient, quoteCommission, requestCommission } from '../support/fixtures';
import { renderedEmails } from '../support/outbox';
import { startTestServer, type TestServer } from '../support/test-server';
import type { ErrorJson, Outputs } from '../support/api-types';

// A commission quote may carry a discount code, the owner's choice (D40, issue 46): the code is checked when the
// quote is sent (each reason naming discountCode), it comes off the quote's goods as at the checkout, the quote's
// totals, deposit and balance show it, and its use is counted once, by the deposit that accepts the quote.

type AdminCommission = Outputs['admin']['commissions']['quote'];
type Commission = Outputs['commissions']['get'];
interface CodeJson {
  id: number;
  code: string;
  uses: number;
  givenAway: string;
}

let server: TestServer;
let owner: Browser;
beforeAll(async () => {
  server = await startTestServer();
  owner = await adminBrowser(server);
});
// Each request from a buyer of its own (behind the trusted balancer): no per-client limit meant for one buyer is met.
let clients = 0;
const buyer = {
  get: <T>(path: string) => forwardedClient(server.url, `198.51.100.${++clients}`).get<T>(path),
  post: <T>(path: string, body?: unknown) => forwardedClient(server.url, `198.51.100.${++clients}`).post<T>(path, body),
};
afterAll(() => server?.close());

let serial = 0;
async function createCode(body: Record<string, unknown>): Promise<CodeJson> {
  const created = await owner.post<CodeJson>('/api/admin/discounts', { code: `QUOTE${++serial}X`, ...body });
  if (created.status !== 200) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
}
const listed = async (id: number) => (await owner.get<CodeJson[]>('/api/admin/discounts')).body.find((code) => code.id === id);

const sendQuote = (id: number, quote: Record<string, unknown>) =>
  owner.post<AdminCommission & ErrorJson>(`/api/admin/commissions/${id}/quotes`, {
    lines: [{ description: 'Walnut salad bowl, 12 in.', price: '280.00' }],
    weight: 4,
    depositPercent: 30,
    leadTimeDays: 42,
    validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    ...quote,
  });

let usedOnce: CodeJson;

describe("a commission quote's discount code", () => {
  it('comes off the goods before tax; the quote, the deposit, the balance and the order show it; the deposit counts one use', async () => {
    usedOnce = await createCode({ kind: 'percentage', value: '10', minimumSubtotal: '200.00', usageLimit: 1 });
    const { id, token } = await requestCommission(buyer, { email: 'ada.discount@example.com' });
    // $280.00 less 10% ($28.00) = $252.00 of goods: over $75, free shipping in Georgia; 4% tax on $252.00 = $10.08;
    // total $262.08; 30% deposit $78.624 -> $78.62; balance $183.46.
    const figures = {
      subtotal: '280.00',
      discountCode: usedOnce.code,
      discount: '28.00',
      shipping: '0.00',
      tax: '10.08',
      total: '262.08',
      deposit: '78.62',
      balance: '183.46',
    };
    const first = await sendQuote(id, { discountCode: usedOnce.code.toLowerCase() });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.quotes.at(-1)).toMatchObject(figures);
    // A second version with the code: sending counts no use.
    expect((await sendQuote(id, { discountCode: usedOnce.code })).status).toBe(200);
    expect(await listed(usedOnce.id)).toMatchObject({ uses: 0 });

    const [email] = await renderedEmails<{ text: string }>(
      server.databaseUrl,
      "select text from outbox_email where kind = 'commission-quote' and to_address = 'ada.discount@example.com' order by id desc limit 1",
    );
    expect(email!.text).toContain(`Discount (${usedOnce.code}): -$28.00`);
    expect(email!.text).toContain('Total: $262.08');

    const page = await buyer.get<Commission>(`/api/commissions/${token}`);
    expect(page.body.quote).toMatchObject({ version: 2, ...figures });
    expect(page.body.due).toBe('78.62');

    const body = acceptBody(2, '78.62');
    const accepted = await buyer.post<Commission>(`/api/commissions/${token}/accept`, body);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', paid: '78.62' });
    // The same payment again (a late double click): the same commission, no second use.
    expect((await buyer.post(`/api/commissions/${token}/accept`, body)).status).toBe(200);
    expect(await listed(usedOnce.id)).toMatchObject({ uses: 1, givenAway: '28.00' });

    const order = await owner.get<Outputs['admin']['orders']['byId']>(`/api/admin/orders/${accepted.body.orderId}`);
    expect(order.body).toMatchObject({
      subtotal: '280.00',
      shipping: '0.00',
      tax: '10.08',
      total: '262.08',
      discountCode: usedOnce.code,
      discount: '28.00',
    });
  });

  it('is refused when the quote is sent, by its reason naming discountCode, and nothing is saved', async () => {
    const { id } = await requestCommission(buyer, { email: 'ada.refused@example.com' });
    const day = 86_400_000;
    const cases: [string, number, string][] = [
      ['NO-SUCH-CODE', 400, 'DISCOUNT_UNKNOWN'],
      [
        (await createCode({ kind: 'fixed', value: '5.00', endsAt: new Date(Date.now() - day).toISOString() })).code,
        409,
        'DISCOUNT_EXPIRED',
      ],
      [(await createCode({ kind: 'fixed', value: '5.00', paused: true })).code, 409, 'DISCOUNT_EXPIRED'],
      [usedOnce.code, 409, 'DISCOUNT_USED_UP'],
      [(await createCode({ kind: 'percentage', value: '10', minimumSubtotal: '300.00' })).code, 400, 'DISCOUNT_MINIMUM'],
    ];
    for (const [code, status, reason] of cases) {
      const refused = await sendQuote(id, { discountCode: code });
      expect(refused.status, reason).toBe(status);
      expect(refused.body.data).toMatchObject({ reason, field: 'discountCode' });
      expect(refused.body.message).toMatch(/^discountCode: /);
    }
    const commission = await owner.get<AdminCommission>(`/api/admin/commissions/${id}`);
    expect(commission.body).toMatchObject({ status: 'requested', quotes: [] });
  });

  it("a once-per-customer code is refused on the quote of a buyer whose email used it, not on another's", async () => {
    const once = await createCode({ kind: 'fixed', value: '20.00', oncePerEmail: true });
    const first = await requestCommission(buyer, { email: 'grace.once@example.com' });
    expect((await sendQuote(first.id, { discountCode: once.code })).status).toBe(200);
    // $280.00 less $20.00 = $260.00; 4% tax $10.40; total $270.40; 30% deposit $81.12.
    expect((await buyer.post(`/api/commissions/${first.token}/accept`, acceptBody(1, '81.12'))).status).toBe(200);
    const again = await requestCommission(buyer, { email: 'Grace.Once@example.com' });
    const refused = await sendQuote(again.id, { discountCode: once.code });
    expect(refused.status).toBe(409);
    expect(refused.body.data).toMatchObject({ reason: 'DISCOUNT_USED_UP', field: 'discountCode' });
    const other = await requestCommission(buyer, { email: 'alan.once@example.com' });
    expect((await sendQuote(other.id, { discountCode: once.code })).status).toBe(200);
    expect(await listed(once.id)).toMatchObject({ uses: 1, givenAway: '20.00' });
  });

  it('a free-shipping code waives the shipping; a percentage judged under the free-shipping threshold leaves it charged', async () => {
    const { id } = await requestCommission(buyer, { email: 'ada.shipping@example.com' });
    const free = await createCode({ kind: 'free_shipping' });
    // $40.00, 1 lb in Georgia: $6.95 shipping, waived; tax 4% of $40.00 = $1.60; total $41.60, 50% deposit $20.80.
    const waived = await quoteCommission(owner, id, {
      lines: [{ description: 'Cherry scoop', price: '40.00' }],
      weight: 1,
      depositPercent: 50,
      discountCode: free.code,
    });
    expect(waived.quotes.at(-1)).toMatchObject({
      subtotal: '40.00',
      shipping: '6.95',
      discount: '6.95',
      tax: '1.60',
      total: '41.60',
      deposit: '20.80',
      balance: '20.80',
    });
    // $80.00 less 10% = $72.00: under $75, so $6.95 shipping; tax 4% of $72.00 = $2.88; total $81.83.
    const tenOff = await createCode({ kind: 'percentage', value: '10' });
    const charged = await quoteCommission(owner, id, {
      lines: [{ description: 'Two scoops', price: '40.00', quantity: 2 }],
      weight: 1,
      depositPercent: 50,
      discountCode: tenOff.code,
    });
    expect(charged.quotes.at(-1)).toMatchObject({ subtotal: '80.00', discount: '8.00', shipping: '6.95', tax: '2.88', total: '81.83' });
    // Without a code: no discount.
    expect((await quoteCommission(owner, id)).quotes.at(-1)).toMatchObject({ discountCode: null, discount: '0.00', total: '291.20' });
  });
});
