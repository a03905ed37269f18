import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_REASONS } from '../../server/domain/error-reasons';
import { Browser, type JsonResponse } from '../support/browser';
import { insertProduct, orderBody, payByCard, quote } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';
import type { ErrorJson } from '../support/api-types';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

// D25: every error carries a stable reason a script can branch on, with the status the catalogue gives it.
describe('error reasons', () => {
  const expectReason = (response: JsonResponse, reason: keyof typeof ERROR_REASONS) => {
    expect((response.body as Partial<ErrorJson>).data?.reason).toBe(reason);
    expect(response.status).toBe(ERROR_REASONS[reason].status);
  };

  it('names bad input, an unknown path, a missing session and a missing order', async () => {
    const browser = new Browser(server.url);
    expectReason(await browser.post('/api/tax/calculate', { amount: 'x', state: 'GA' }), 'VALIDATION_FAILED');
    expectReason(await browser.get('/api/no-such-path'), 'NOT_FOUND');
    expectReason(await browser.get('/api/orders'), 'UNAUTHENTICATED');
    expectReason(await browser.get('/api/orders/999999'), 'NOT_FOUND');
  });

  it('tells out of stock, a changed price and a replayed payment apart', async () => {
    const productId = await insertProduct(server.databaseUrl, { price: '20.00', stock: 1 });
    const browser = new Browser(server.url);
    const oneOf = await quote(browser, [{ productId, quantity: 1 }]);
    // A refused order refunds its payment (D9), so each attempt pays anew.
    const changed = orderBody(oneOf, { squarePaymentId: await payByCard(browser, oneOf.total) });
    changed.total = '1.00';
    expectReason(await browser.post('/api/orders', changed), 'PRICE_CHANGED');

    const paid = await payByCard(browser, oneOf.total);

    expect((await browser.post('/api/orders', orderBody(oneOf, { squarePaymentId: paid }))).status).toBe(200);
    expectReason(await browser.post('/api/orders', orderBody(oneOf, { squarePaymentId: paid })), 'PAYMENT_REPLAYED');

    const second = await payByCard(browser, oneOf.total);
    const soldOut = await browser.post<ErrorJson>('/api/orders', orderBody(oneOf, { squarePaymentId: second }));
    expectReason(soldOut, 'OUT_OF_STOCK');
    expect(soldOut.body.data.productIds).toEqual([productId]);
  });

  it('says when to retry after a rate limit', async () => {
    let last: Response | undefined;
    for (let i = 0; i < 6; i += 1) {
      last = await fetch(`${server.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: 'wrong' }),
      });
    }
    expect(last!.status).toBe(429);
    const body = (await last!.json()) as { data: { reason: string; retryAfterSeconds: number } };
    expect(body.data.reason).toBe('RATE_LIMITED');
    expect(Number(last!.headers.get('retry-after'))).toBe(body.data.retryAfterSeconds);
    expect(body.data.retryAfterSeconds).toBeGreaterThan(0);
  });
});
