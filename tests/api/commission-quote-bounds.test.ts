import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorJson, Outputs } from '../support/api-types';
import type { Browser } from '../support/browser';
import { startCommissionShop } from '../support/commission-shop';
import { sql } from '../support/database';
import { acceptBody, quoteCommission, requestCommission } from '../support/commission-fixtures';
import { forwardedClient } from '../support/fixtures';
import type { SmtpReceiver } from '../support/smtp-receiver';
import type { TestServer } from '../support/test-server';
import type { WebhookReceiver } from '../support/webhook-receiver';

// Quotes within what can be paid (issue 42): every figure of an owner's quote fits its column and the most one
// payment may take (999999.99, the accept's and the balance's cap), so a quote the shop saves is one the buyer can
// pay, and one beyond it is a 400 naming the field, with no quote version written.

type Commission = Outputs['commissions']['get'];
type AdminCommission = Outputs['admin']['commissions']['byId'];

let server: TestServer;
let smtp: SmtpReceiver;
let hooks: WebhookReceiver;
let admin: Browser;
let clients = 0;
/** Each call another buyer (another address behind the trusted balancer). */
const buyer = () => forwardedClient(server.url, `192.0.2.${++clients}`);
beforeAll(async () => {
  ({ server, smtp, hooks, admin } = await startCommissionShop(['commission.accepted']));
}, 60_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await hooks?.close();
});

const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
/** A quote body as the admin's form sends it (GA: 4% tax; free shipping from 75.00). */
const quoteBody = (quote: Record<string, unknown>) => ({
  lines: [{ description: 'Walnut table', price: '280.00', quantity: 1 }],
  weight: 4,
  depositPercent: 30,
  leadTimeDays: 42,
  validUntil,
  ...quote,
});
const sendQuote = (id: number, quote: Record<string, unknown>) =>
  admin.post<AdminCommission & ErrorJson>(`/api/admin/commissions/${id}/quotes`, quoteBody(quote));
const fieldsOf = (answer: { body: ErrorJson }) => answer.body.data.issues?.map((issue) => issue.path.join('.'));

/** What the database holds of commission `id`: its quote versions and its status. */
async function written(id: number) {
  const quotes = await sql<{ n: string }>(server.databaseUrl, `select count(*) as n from commission_quote where commission_id = $1`, [id]);
  const [row] = await sql<{ status: string }>(server.databaseUrl, `select status from commission where id = $1`, [id]);
  return { quotes: Number(quotes[0]!.n), status: row!.status };
}

const cardCharges = async (amount: string) =>
  Number(
    (
      await sql<{ n: string }>(server.databaseUrl, `select count(*) as n from sandbox_payment where kind = 'card' and amount = $1`, [
        amount,
      ])
    )[0]!.n,
  );

describe('a quote beyond what can be paid', () => {
  it('answers 400 naming lines.0.quantity for 999999.99 x 1000 and for 999999.99 x 40, and writes no quote', async () => {
    const { id } = await requestCommission(buyer());
    for (const quantity of [1000, 40]) {
      const answer = await sendQuote(id, { lines: [{ description: 'A grand table', price: '999999.99', quantity }] });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.data.reason).toBe('VALIDATION_FAILED');
      expect(fieldsOf(answer)).toEqual(['lines.0.quantity']);
      expect(answer.body.message).toContain('999999.99');
    }
    expect(await written(id)).toEqual({ quotes: 0, status: 'requested' });
  });

  it('answers 400 naming lines when the lines together, or with tax, pass 999999.99, and writes no quote', async () => {
    const { id } = await requestCommission(buyer());
    // Each line within the cap, their sum beyond it.
    const twoLines = await sendQuote(id, {
      lines: [
        { description: 'Table', price: '600000.00', quantity: 1 },
        { description: 'Chairs', price: '100000.00', quantity: 4 },
      ],
    });
    expect(twoLines.status, JSON.stringify(twoLines.body)).toBe(400);
    expect(fieldsOf(twoLines)).toEqual(['lines']);

    // A subtotal of 961538.46 is within the cap; with GA's 4% tax (38461.54) the total is 1000000.00.
    const withTax = await sendQuote(id, { lines: [{ description: 'Table', price: '961538.46', quantity: 1 }] });
    expect(withTax.status, JSON.stringify(withTax.body)).toBe(400);
    expect(fieldsOf(withTax)).toEqual(['lines']);
    expect(withTax.body.message).toContain('1000000.00');

    // The deposit given as an amount is bounded in the schema (and the API document), as is every line's price.
    const deposit = await sendQuote(id, { depositPercent: undefined, depositAmount: '1000000.00' });
    expect(deposit.status).toBe(400);
    expect(fieldsOf(deposit)).toEqual(['depositAmount']);
    const price = await sendQuote(id, { lines: [{ description: 'Table', price: 1_000_000, quantity: 1 }] });
    expect(price.status).toBe(400);
    expect(fieldsOf(price)).toEqual(['lines.0.price']);
    const weight = await sendQuote(id, { weight: 1000.5 });
    expect(weight.status).toBe(400);
    expect(fieldsOf(weight)).toEqual(['weight']);

    expect(await written(id)).toEqual({ quotes: 0, status: 'requested' });
  });

  it('shows the maximums in the API document', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      components: { schemas: Record<string, { properties: Record<string, { maximum?: number; anyOf?: { maximum?: number }[] }> }> };
    };
    const { CommissionQuoteLineInput: line, CommissionQuoteInput: quote } = document.components.schemas;
    expect(line!.properties.price!.anyOf!.find((branch) => branch.maximum !== undefined)?.maximum).toBe(999999.99);
    expect(line!.properties.quantity!.maximum).toBe(1000);
    expect(quote!.properties.depositAmount!.anyOf!.find((branch) => branch.maximum !== undefined)?.maximum).toBe(999999.99);
    expect(quote!.properties.weight!.maximum).toBe(1000);
  });
});

describe('the largest quote the shop saves', () => {
  it('is accepted and its balance paid by the buyer: 999999.99 in all, 300000.00 down, 699999.99 at the end', async () => {
    const { id, token } = await requestCommission(buyer());
    // 961538.45 + GA tax 38461.54 = 999999.99, the cap; shipping is free.
    const quoted = await quoteCommission(admin, id, { lines: [{ description: 'A grand table', price: '961538.45', quantity: 1 }] });
    expect(quoted.quote).toMatchObject({
      subtotal: '961538.45',
      shipping: '0.00',
      tax: '38461.54',
      total: '999999.99',
      deposit: '300000.00',
    });
    expect(quoted.quote!.balance).toBe('699999.99');

    const accepted = await buyer().post<Commission & ErrorJson>(`/api/commissions/${token}/accept`, acceptBody(1, '300000.00'));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', paid: '300000.00' });
    expect(await cardCharges('300000.00')).toBe(1);

    expect((await admin.request('PATCH', `/api/admin/commissions/${id}`, { status: 'ready' })).status).toBe(200);
    const balance = await buyer().post<Commission & ErrorJson>(`/api/commissions/${token}/balance`, {
      amount: '699999.99',
      payment: acceptBody(1, '699999.99').payment,
    });
    expect(balance.status, JSON.stringify(balance.body)).toBe(200);
    expect(balance.body).toMatchObject({ status: 'paid', paid: '999999.99', due: '0.00' });
    expect(await cardCharges('699999.99')).toBe(1);
  }, 30_000);

  it('with its whole total as the deposit, is accepted for 999999.99', async () => {
    const { token, id } = await requestCommission(buyer());
    const quoted = await quoteCommission(admin, id, {
      lines: [{ description: 'A grand table', price: '961538.45', quantity: 1 }],
      depositPercent: undefined,
      depositAmount: '999999.99',
    });
    expect(quoted.quote).toMatchObject({ total: '999999.99', deposit: '999999.99' });
    const accepted = await buyer().post<Commission & ErrorJson>(`/api/commissions/${token}/accept`, acceptBody(1, '999999.99'));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(await cardCharges('999999.99')).toBe(1);
  }, 30_000);
});
