import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorJson, Outputs, ProductJson } from '../support/api-types';
import type { Browser } from '../support/browser';
import { startCommissionShop } from '../support/commission-shop';
import { sql } from '../support/database';
import { eventually } from '../support/eventually';
import { acceptBody, quoteCommission, requestCommission } from '../support/commission-fixtures';
import { forwardedClient, insertProduct } from '../support/fixtures';
import type { SmtpReceiver } from '../support/smtp-receiver';
import type { TestServer } from '../support/test-server';
import type { WebhookReceiver } from '../support/webhook-receiver';

// A quote line that is a piece of the shop (D38): the owner names a product and, for one with options, its variant;
// the line is that piece made to order. The buyer's page and the quote's email name the variant, the rules are the
// checkout's (VARIANT_REQUIRED, VARIANT_UNKNOWN), and a line of free text answers exactly as before.

type Commission = Outputs['commissions']['get'];
type AdminCommission = Outputs['admin']['commissions']['byId'];

let server: TestServer;
let smtp: SmtpReceiver;
let hooks: WebhookReceiver;
let admin: Browser;
let clients = 0;
/** Each call another buyer (another address behind the trusted balancer). */
const buyer = () => forwardedClient(server.url, `203.0.113.${++clients}`);
beforeAll(async () => {
  ({ server, smtp, hooks, admin } = await startCommissionShop(['commission.accepted']));
}, 60_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await hooks?.close();
});

const mailTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
const fieldsOf = (answer: { body: ErrorJson }) => answer.body.data.issues?.map((issue) => issue.path.join('.'));

/** A yarn bowl of the shop in two woods (Walnut $68.00 with 1 left, Cherry $62.00 sold out); answers it and its variants. */
async function yarnBowl() {
  const id = await insertProduct(server.databaseUrl, { name: 'Yarn Bowl', price: '10.00' });
  const put = await admin.request<ProductJson>('PUT', `/api/products/${id}/variants`, {
    options: [{ name: 'Wood', values: ['Walnut', 'Cherry'] }],
    variants: [
      { options: ['Walnut'], price: '68.00', stockQuantity: 1, weight: '1.20' },
      { options: ['Cherry'], price: '62.00', stockQuantity: 0, weight: '1.10' },
    ],
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const [walnut, cherry] = put.body.variants!;
  return { id, walnut: walnut!, cherry: cherry! };
}

const stockOf = async (variantId: number) =>
  (await sql<{ stock: number }>(server.databaseUrl, 'select stock_quantity as stock from product_variant where id = $1', [variantId]))[0]!
    .stock;

describe('a quote line that names a variant of a shop piece', () => {
  it('is kept with the variant, shown on the buyer page and in the email, and accepted without taking stock', async () => {
    const bowl = await yarnBowl();
    const plain = await insertProduct(server.databaseUrl, { name: 'Honey Dipper', price: '14.00' });
    const email = 'variant.quote@example.com';
    const { id, token } = await requestCommission(buyer(), { email });
    const saved = await quoteCommission(admin, id, {
      lines: [
        // The owner's own words: the shop keeps them, and the variant's title beside them.
        { description: 'Yarn bowl in cherry, made for you', price: '62.00', productId: bowl.id, variantId: bowl.cherry.id },
        { description: 'Matching honey dipper', price: '14.00', quantity: 2, productId: plain },
        { description: 'Gift wrap', price: '5.00' },
      ],
    });
    expect(saved.quote!.lines).toEqual([
      {
        description: 'Yarn bowl in cherry, made for you',
        price: '62.00',
        quantity: 1,
        lineTotal: '62.00',
        productId: bowl.id,
        variantId: bowl.cherry.id,
        variant: 'Cherry',
      },
      { description: 'Matching honey dipper', price: '14.00', quantity: 2, lineTotal: '28.00', productId: plain },
      { description: 'Gift wrap', price: '5.00', quantity: 1, lineTotal: '5.00' },
    ]);
    const [stored] = await sql<{ lines: unknown }>(server.databaseUrl, 'select lines from commission_quote where commission_id = $1', [id]);
    expect(stored!.lines).toEqual([
      {
        description: 'Yarn bowl in cherry, made for you',
        price: '62.00',
        quantity: 1,
        productId: bowl.id,
        variantId: bowl.cherry.id,
        variant: 'Cherry',
      },
      { description: 'Matching honey dipper', price: '14.00', quantity: 2, productId: plain },
      { description: 'Gift wrap', price: '5.00', quantity: 1 },
    ]);

    const page = await buyer().get<Commission>(`/api/commissions/${token}`);
    expect(page.status).toBe(200);
    expect(page.body.quote!.lines).toEqual(saved.quote!.lines);
    expect(page.body.quote!.subtotal).toBe('95.00');

    const [mail] = await eventually(
      () => mailTo(email).filter((candidate) => candidate.parsed.subject === 'Your commission quote'),
      (found) => found.length === 1,
      20_000,
    );
    const text = mail!.parsed.text ?? '';
    // The variant under its line; the other lines as they always were.
    expect(text).toMatch(
      /1 x Yarn bowl in cherry, made for you: \$62\.00\s+Cherry\s+2 x Matching honey dipper: \$28\.00\s+1 x Gift wrap: \$5\.00/,
    );

    // Made to order: accepting takes no stock, even of a variant sold out in the shop.
    const accepted = await buyer().post<Commission>(`/api/commissions/${token}/accept`, acceptBody(1, saved.quote!.deposit));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.status).toBe('accepted');
    expect(await stockOf(bowl.cherry.id)).toBe(0);
    expect(await stockOf(bowl.walnut.id)).toBe(1);
  }, 40_000);

  it('answers a quote of free-text lines exactly as before: no productId, variantId or variant', async () => {
    const { id, token } = await requestCommission(buyer());
    const saved = await quoteCommission(admin, id);
    expect(saved.quote!.lines).toEqual([{ description: 'Walnut salad bowl, 12 in.', price: '280.00', quantity: 1, lineTotal: '280.00' }]);
    const page = await buyer().get<Commission>(`/api/commissions/${token}`);
    expect(Object.keys(page.body.quote!.lines[0]!).sort()).toEqual(['description', 'lineTotal', 'price', 'quantity']);
  });

  it('refuses a product with options and no variant: 400 VARIANT_REQUIRED naming the line, no quote written', async () => {
    const bowl = await yarnBowl();
    const { id } = await requestCommission(buyer());
    const answer = await quoteError(id, [
      { description: 'Gift wrap', price: '5.00' },
      { description: 'A yarn bowl', price: '68.00', productId: bowl.id },
    ]);
    expect(answer.status).toBe(400);
    expect(answer.body.data).toMatchObject({ reason: 'VARIANT_REQUIRED', field: 'lines.1.variantId' });
    expect(answer.body.message).toContain('Yarn Bowl comes in variants');
    expect(await quotesOf(id)).toBe(0);
  });

  it("refuses another product's variant, or a variant of a product without options: 400 VARIANT_UNKNOWN", async () => {
    const bowl = await yarnBowl();
    const other = await yarnBowl();
    const plain = await insertProduct(server.databaseUrl, { price: '14.00' });
    const { id } = await requestCommission(buyer());
    const foreign = await quoteError(id, [{ description: 'A yarn bowl', price: '68.00', productId: bowl.id, variantId: other.walnut.id }]);
    expect(foreign.status).toBe(400);
    expect(foreign.body.data).toMatchObject({ reason: 'VARIANT_UNKNOWN', field: 'lines.0.variantId' });
    const noOptions = await quoteError(id, [{ description: 'A dipper', price: '14.00', productId: plain, variantId: bowl.walnut.id }]);
    expect(noOptions.body.data).toMatchObject({ reason: 'VARIANT_UNKNOWN', field: 'lines.0.variantId' });
    expect(await quotesOf(id)).toBe(0);
  });

  it('refuses a product not in the shop (unknown or archived) and a variant without its product, naming the field', async () => {
    const archived = await insertProduct(server.databaseUrl, { archived: true });
    const bowl = await yarnBowl();
    const { id } = await requestCommission(buyer());
    for (const productId of [archived, 2_000_000_000]) {
      const answer = await quoteError(id, [{ description: 'A piece', price: '20.00', productId }]);
      expect(answer.status).toBe(400);
      expect(answer.body.data.reason).toBe('VALIDATION_FAILED');
      expect(fieldsOf(answer)).toEqual(['lines.0.productId']);
    }
    const orphan = await quoteError(id, [{ description: 'A piece', price: '20.00', variantId: bowl.walnut.id }]);
    expect(fieldsOf(orphan)).toEqual(['lines.0.variantId']);
    expect(await quotesOf(id)).toBe(0);
  });
});

const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const quoteError = (id: number, lines: Record<string, unknown>[]) =>
  admin.post<AdminCommission & ErrorJson>(`/api/admin/commissions/${id}/quotes`, {
    lines,
    weight: 2,
    depositPercent: 30,
    leadTimeDays: 14,
    validUntil,
  });
const quotesOf = async (id: number) =>
  Number((await sql<{ n: string }>(server.databaseUrl, 'select count(*) as n from commission_quote where commission_id = $1', [id]))[0]!.n);
