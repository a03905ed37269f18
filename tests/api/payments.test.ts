import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '../support/browser';
import { APPROVED_CARD } from '../support/fixtures';
import { requestCommission } from '../support/commission-fixtures';
import { startTestServer, type TestServer } from '../support/test-server';
import type { ErrorJson, Outputs } from '../support/api-types';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer();
  browser = new Browser(server.url);
});
afterAll(() => server?.close());

const pay = (cardData: Partial<typeof APPROVED_CARD>, extra: Record<string, unknown> = {}) =>
  browser.post('/api/square/process-payment', {
    sourceId: `card_${Math.random()}`,
    amount: '20.00',
    cardData: { ...APPROVED_CARD, ...cardData },
    ...extra,
  });

describe('POST /api/square/process-payment with the sandbox (D12)', () => {
  it('approves the approved test card with the payment docs/product.md reads', async () => {
    const response = await pay({});
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      payment: { id: expect.stringMatching(/^sbx_pay_/) as string, status: 'COMPLETED', amount: '20.00' },
    });
  });

  it.each([
    [{ cardNumber: '4000 0000 0000 0002' }, {}, 'CARD_DECLINED'],
    [{ cardNumber: '4000 0000 0000 9995' }, {}, 'INSUFFICIENT_FUNDS'],
    [{ cvv: '911' }, {}, 'CVV_FAILURE'],
    [{}, { billingZip: '99999' }, 'ADDRESS_VERIFICATION_FAILURE'],
    [{ expiryDate: '01/20' }, {}, 'EXPIRED_CARD'],
    [{ cardNumber: '4111 1111 1111 1112' }, {}, 'INVALID_CARD'],
    [{ cardNumber: '4000 0000 0000 0119' }, {}, 'GENERIC_DECLINE'],
    [{ cardNumber: '4000 0000 0000 0127' }, {}, 'CARD_NOT_SUPPORTED'],
    [{ cardNumber: '4000 0000 0000 0135' }, {}, 'PAYMENT_LIMIT_EXCEEDED'],
    [{ cardNumber: '4000 0000 0000 0143' }, {}, 'TRANSACTION_LIMIT'],
  ])('declines %j %j with %s as 200 and success false', async (card, extra, code) => {
    const response = await pay(card, extra);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: false, error: { code, detail: expect.any(String) as string } });
  });

  it('charges once for a retried request with the same source', async () => {
    const body = { sourceId: 'card_1111_retry', amount: '12.00', cardData: APPROVED_CARD };
    const [first, second] = await Promise.all([
      browser.post<Outputs['payments']['processCardPayment']>('/api/square/process-payment', body),
      browser.post<Outputs['payments']['processCardPayment']>('/api/square/process-payment', body),
    ]);
    expect(first.body.payment!.id).toBe(second.body.payment!.id);
  });

  it.each([
    [{ sourceId: 'x', amount: 'abc', cardData: APPROVED_CARD }, 'amount'],
    [{ sourceId: 'x', amount: 0, cardData: APPROVED_CARD }, 'amount'],
    [{ sourceId: 'x', amount: -3, cardData: APPROVED_CARD }, 'amount'],
    [{ amount: 5, cardData: APPROVED_CARD }, 'sourceId'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const response = await browser.post<ErrorJson>('/api/square/process-payment', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(field);
  });
});

describe('PayPal with the sandbox', () => {
  it('creates an order, and capturing twice gives the same capture', async () => {
    const order = await browser.post<Outputs['payments']['createPayPalOrder']>('/api/paypal/order', {
      amount: '31.50',
      currency: 'USD',
      intent: 'CAPTURE',
    });
    expect(order.body).toEqual({ id: expect.any(String) as string, status: 'CREATED' });
    const first = await browser.post<Outputs['payments']['capturePayPalOrder']>(`/api/paypal/order/${order.body.id}/capture`);
    const again = await browser.post<Outputs['payments']['capturePayPalOrder']>(`/api/paypal/order/${order.body.id}/capture`);
    expect(first.body).toEqual({ id: expect.any(String) as string, status: 'COMPLETED', orderId: order.body.id, amount: '31.50' });
    expect(again.body.id).toBe(first.body.id);
  });

  it.each([
    ['ada+instrument-declined@example.com', 'INSTRUMENT_DECLINED', 'PayPal was unable to process your payment method.'],
    ['ada+insufficient-funds@example.com', 'INSUFFICIENT_FUNDS', 'Your PayPal account has insufficient funds.'],
  ])('declines the capture for %s with 402 and the code', async (payerEmail, code, message) => {
    const order = await browser.post<Outputs['payments']['createPayPalOrder']>('/api/paypal/order', {
      amount: '10.00',
      currency: 'USD',
      intent: 'CAPTURE',
      payerEmail,
    });
    const capture = await browser.post(`/api/paypal/order/${order.body.id}/capture`);
    expect(capture.status).toBe(402);
    expect(capture.body).toMatchObject({ message, code: 'PAYMENT_REQUIRED', data: { paymentCode: code } });
  });

  it('refuses to capture an unknown order, a malformed id, or a currency other than USD', async () => {
    expect((await browser.post('/api/paypal/order/NOPE123/capture')).status).toBe(404);
    expect((await browser.post('/api/paypal/order/a%20b/capture')).status).toBe(400);
    const euro = await browser.post<ErrorJson>('/api/paypal/order', { amount: '10.00', currency: 'EUR', intent: 'CAPTURE' });
    expect(euro.status).toBe(400);
    expect(euro.body.message).toContain('currency');
  });

  it.each([
    'https://evil.example/commissions/abc?payment=deposit',
    '//evil.example/commissions/abc?payment=deposit',
    '/commissions/abc?payment=deposit&next=https://evil.example',
    '/commissions/abc?payment=refund',
    '/admin',
  ])('refuses the return address %s with 400 naming returnPath, and asks PayPal nothing', async (returnPath) => {
    const response = await browser.post<ErrorJson>('/api/paypal/order', { amount: '10.00', returnPath });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('returnPath');
  });

  it("takes a commission's page as the return address, and only a commission's link this shop signed", async () => {
    const { token } = await requestCommission(browser);
    const order = await browser.post('/api/paypal/order', { amount: '10.00', returnPath: `/commissions/${token}?payment=balance` });
    expect(order.status).toBe(200);
    const forged = await browser.post<ErrorJson>('/api/paypal/order', {
      amount: '10.00',
      returnPath: '/commissions/c1.abc_-9?payment=balance',
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toContain('returnPath');
  });
});
