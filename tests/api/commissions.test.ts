import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorJson, Outputs } from '../support/api-types';
import type { Browser } from '../support/browser';
import { startCommissionShop } from '../support/commission-shop';
import { sql } from '../support/database';
import { eventually } from '../support/eventually';
import { acceptBody, COMMISSION_REQUEST, quoteCommission, requestCommission } from '../support/commission-fixtures';
import { countRows, forwardedClient } from '../support/fixtures';
import type { SmtpReceiver } from '../support/smtp-receiver';
import type { TestServer } from '../support/test-server';
import type { WebhookReceiver } from '../support/webhook-receiver';

// A commission from the buyer's request to the quote (issue 37): reference photos through the upload pipeline,
// the emails with the signed page, the owner's quote with the shop's shipping and tax, and the quote's refusals.

type Commission = Outputs['commissions']['get'];
type AdminCommission = Outputs['admin']['commissions']['byId'];

let server: TestServer;
let smtp: SmtpReceiver;
let hooks: WebhookReceiver;
let admin: Browser;
let clients = 0;
/** Each call another buyer (another address behind the trusted balancer). */
const buyer = () => forwardedClient(server.url, `198.51.100.${++clients}`);
beforeAll(async () => {
  ({ server, smtp, hooks, admin } = await startCommissionShop(['commission.requested', 'commission.accepted', 'commission.updated']));
}, 60_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await hooks?.close();
});

/** A phone photo with its maker and the GPS position where it was taken. */
function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: '#6b4226' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Buyer Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '33/1 57/1 0/1' } })
    .toBuffer();
}

const uploadPhoto = (body: Buffer, type = 'image/jpeg') =>
  fetch(`${server.url}/api/commissions/photos`, { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(body) });

const mailTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
const sandboxCharges = async () =>
  Number((await sql<{ n: string }>(server.databaseUrl, `select count(*) as n from sandbox_payment where kind = 'card'`))[0]!.n);

describe('a commission request', () => {
  it('keeps reference photos without their EXIF or GPS, emails the buyer the signed page and the owner, and fires commission.requested', async () => {
    const photo = await phonePhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const uploaded = await uploadPhoto(photo);
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const stored = Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('Buyer Phone'))).toBe(false);

    const email = 'ada.photos@example.com';
    const { id, token } = await requestCommission(buyer(), { email, photos: [url] });
    const page = await buyer().get<Commission>(`/api/commissions/${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ id, status: 'requested', photos: [url], quote: null, due: '0.00', orderId: null });

    await eventually(
      () =>
        mailTo(email).length + mailTo('owner@example.com').filter((mail) => mail.parsed.text?.includes(`/admin/commissions/${id}`)).length,
      (count) => count === 2,
      20_000,
    );
    const acknowledgement = mailTo(email)[0]!.parsed;
    expect(acknowledgement.subject).toBe('We received your commission request');
    const link = /https:\/\/shop\.example\/commissions\/([A-Za-z0-9_.-]+)/.exec(acknowledgement.text ?? '');
    expect(link?.[1]).toBeDefined();
    // The emailed link opens the same commission (signed anew, so not the same text as the answer's token).
    expect((await buyer().get<Commission>(`/api/commissions/${link![1]}`)).body.id).toBe(id);

    const requested = await eventually(
      () => hooks.received.filter((hook) => hook.body.type === 'commission.requested' && hook.body.data.object.id === id),
      (found) => found.length === 1,
      20_000,
    );
    expect(requested[0]!.verified).toBe(true);
    expect((await admin.get<{ requested: number }>('/api/admin/commissions/count')).body.requested).toBeGreaterThanOrEqual(1);
  });

  it('refuses bad input with 400 naming each field, and writes nothing', async () => {
    const before = await countRows(server.databaseUrl, 'commission');
    const outbox = await countRows(server.databaseUrl, 'outbox_email');
    const bad = await buyer().post<ErrorJson>('/api/commissions', {
      name: 'Ada',
      email: 'not-an-address',
      purpose: 'A bowl',
      wood: 'pine',
      size: 'big',
      budget: '250-500',
      shipToState: 'GA',
      photos: ['/uploads/a.jpg', 'b', 'c', 'd', 'e'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.reason).toBe('VALIDATION_FAILED');
    const fields = bad.body.data.issues!.map((issue) => issue.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['email', 'wood', 'photos']));

    // A photo url the upload never answered: named, and the whole request rolled back.
    const unknown = await buyer().post<ErrorJson>('/api/commissions', {
      ...COMMISSION_REQUEST,
      photos: [`/uploads/${'0'.repeat(32)}.jpg`],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.issues!.map((issue) => issue.path.join('.'))).toEqual(['photos.0']);

    const notImage = await uploadPhoto(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml');
    expect(notImage.status).toBe(415);
    expect(await countRows(server.databaseUrl, 'commission')).toBe(before);
    expect(await countRows(server.databaseUrl, 'outbox_email')).toBe(outbox);
  });
});

describe("the owner's quote", () => {
  it('computes shipping and tax as for any order and the deposit, keeps every version, and emails the buyer', async () => {
    const email = 'ada.quote@example.com';
    const { id, token } = await requestCommission(buyer(), { email });
    const first = await quoteCommission(admin, id, { lines: [{ description: 'Small bowl', price: '40.00', quantity: 1 }], weight: 3 });
    // Under $75: shipping by weight ($6.95 for 2 lb, $1.25 the third), GA tax 4% of the subtotal.
    expect(first.quote).toMatchObject({
      version: 1,
      weight: 3,
      subtotal: '40.00',
      shipping: '8.20',
      tax: '1.60',
      total: '49.80',
      deposit: '14.94',
    });
    const second = await quoteCommission(admin, id);
    expect(second.quotes.map((quote) => quote.version)).toEqual([1, 2]);
    // Each version keeps its packed weight: the admin's next version starts from it.
    expect(second.quotes.map((quote) => quote.weight)).toEqual([3, 4]);
    expect(second.quote).toMatchObject({
      version: 2,
      subtotal: '280.00',
      shipping: '0.00',
      tax: '11.20',
      total: '291.20',
      deposit: '87.36',
    });
    expect(second.quote!.balance).toBe('203.84');

    const page = await buyer().get<Commission>(`/api/commissions/${token}`);
    expect(page.body).toMatchObject({ status: 'quoted', due: '87.36', quote: { version: 2 } });
    expect(page.body).not.toHaveProperty('notes');
    const quoteMails = await eventually(
      () => mailTo(email).filter((mail) => /quote/i.test(mail.parsed.subject ?? '')),
      (found) => found.length === 2,
      20_000,
    );
    expect(quoteMails.map((mail) => mail.parsed.text).join('\n')).toContain('$291.20');

    const byAmount = await quoteCommission(admin, id, { depositPercent: undefined, depositAmount: '100.00' });
    expect(byAmount.quote).toMatchObject({ version: 3, deposit: '100.00', balance: '191.20' });
  }, 30_000);

  it('refuses a deposit larger than the total, or both kinds of deposit, naming the field', async () => {
    const { id } = await requestCommission(buyer());
    const tooMuch = await admin.post<ErrorJson>(`/api/admin/commissions/${id}/quotes`, {
      lines: [{ description: 'Bowl', price: '100.00' }],
      weight: 2,
      depositAmount: '500.00',
      leadTimeDays: 10,
      validUntil: '2099-01-01',
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toContain('depositAmount');
    const both = await admin.post<ErrorJson>(`/api/admin/commissions/${id}/quotes`, {
      lines: [{ description: 'Bowl', price: '100.00' }],
      weight: 2,
      depositAmount: '10.00',
      depositPercent: 20,
      leadTimeDays: 10,
      validUntil: '2099-01-01',
    });
    expect(both.status).toBe(400);
    expect(both.body.data.issues!.map((issue) => issue.path.join('.'))).toEqual(['depositPercent']);
    expect((await admin.get<AdminCommission>(`/api/admin/commissions/${id}`)).body.quotes).toEqual([]);
  });
});

describe('accepting a quote that is not the one to accept', () => {
  it('answers 409 QUOTE_REPLACED for an older version and 409 QUOTE_EXPIRED after its last day, and charges nothing', async () => {
    const { id, token } = await requestCommission(buyer());
    await quoteCommission(admin, id);
    await quoteCommission(admin, id);
    const charges = await sandboxCharges();

    const replaced = await buyer().post<ErrorJson>(`/api/commissions/${token}/accept`, acceptBody(1, '87.36'));
    expect(replaced.status).toBe(409);
    expect(replaced.body.data.reason).toBe('QUOTE_REPLACED');

    await sql(server.databaseUrl, `update commission_quote set valid_until = current_date - 1 where commission_id = $1`, [id]);
    const expired = await buyer().post<ErrorJson>(`/api/commissions/${token}/accept`, acceptBody(2, '87.36'));
    expect(expired.status).toBe(409);
    expect(expired.body.data.reason).toBe('QUOTE_EXPIRED');
    expect((await buyer().get<Commission>(`/api/commissions/${token}`)).body.quote!.expired).toBe(true);

    expect(await sandboxCharges()).toBe(charges);
    expect((await buyer().get<Commission>(`/api/commissions/${token}`)).body).toMatchObject({ status: 'quoted', orderId: null });
  });

  it('answers 400 naming amount when the amount is not the deposit, and charges nothing', async () => {
    const { id, token } = await requestCommission(buyer());
    await quoteCommission(admin, id);
    const charges = await sandboxCharges();
    const tampered = await buyer().post<ErrorJson>(`/api/commissions/${token}/accept`, acceptBody(1, '1.00'));
    expect(tampered.status).toBe(400);
    expect(tampered.body.message).toMatch(/^amount: /);
    expect(await sandboxCharges()).toBe(charges);
    expect((await buyer().get<Commission>(`/api/commissions/${token}`)).body.status).toBe('quoted');
  });

  it('answers 404 for a made-up link or an order link', async () => {
    expect((await buyer().get<ErrorJson>('/api/commissions/not-a-token')).status).toBe(404);
    const forged = `${Buffer.from('commission-1').toString('base64url')}.${'A'.repeat(48)}`;
    expect((await buyer().get<ErrorJson>(`/api/commissions/${forged}`)).status).toBe(404);
  });
});
