import { afterAll, beforeAll, expect } from 'vitest';
import { call, signIn } from './admin-client';
import { Browser } from './browser';
import { FakePayPal } from './fake-paypal';
import { FakeSquare } from './fake-square';
import { insertProduct, orderBody, quote } from './fixtures';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver';
import { startTestServer, type TestServer } from './test-server';
import { LOOPBACK_RECEIVERS, registerReceiver } from './webhook-endpoints';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';
import type { OrderJson, Outputs } from './api-types';

// The shop the partial refunds' API tests run against (order-refunds-*.test.ts): cards at a fake of Square's API and
// PayPal at a fake of PayPal's, each as strict as the real one about what is left of a payment, an SMTP receiver for
// the buyer's emails and a webhook receiver for order.refunded. Each test file that calls refundShop() starts its own.

export type RefundResult = Outputs['admin']['orders']['refund'];
export type OrderRefunds = Outputs['admin']['orders']['refunds'];

export const cents = (amount: string) => Math.round(Number(amount) * 100);

/** The fakes, the receivers and the server, each set before the file's first test; helpers are arrow functions. */
export class RefundShop {
  readonly square = new FakeSquare();
  readonly paypal = new FakePayPal();
  receiver!: WebhookReceiver;
  smtp!: SmtpReceiver;
  server!: TestServer;
  /** The owner's session. */
  cookie!: string;

  /** The server's settings beyond the test defaults (another instance on the same database starts with them). */
  settings = () => ({
    // Cards through Square (its PAYMENT_PROVIDER wins); PayPal's keys too, for the PayPal orders refunded here.
    ...this.paypal.shopSettings(),
    ...this.square.shopSettings(),
    PAYMENT_PROVIDER_TIMEOUT_MS: '1500',
    SMTP_URL: this.smtp.url,
    PUBLIC_URL: 'https://shop.example',
    ...LOOPBACK_RECEIVERS,
  });

  /** A paid card order of `quantity` units of a new $30.00 product with 5 in stock. */
  paidOrder = async (quantity = 2) => {
    const productId = await insertProduct(this.server.databaseUrl, { price: '30.00', stock: 5 });
    const buyer = new Browser(this.server.url);
    const q = await quote(buyer, [{ productId, quantity }]);
    const paid = await buyer.post<{ payment: { id: string } }>('/api/square/process-payment', {
      sourceId: this.square.issueNonce(),
      amount: q.total,
    });
    const order = await buyer.post<OrderJson>('/api/orders', orderBody(q, { squarePaymentId: paid.body.payment.id }));
    expect(order.status).toBe(200);
    return { order: order.body, productId, paymentId: paid.body.payment.id };
  };

  /** The owner's refund of an order, over the REST mirror. */
  refund = <T = RefundResult>(id: number, body: unknown) =>
    call<T>(this.server, 'POST', `/orders/${id}/refunds`, { cookie: this.cookie, body });

  /** The order's money and its refunds, as the owner reads them. */
  refundsOf = async (id: number) =>
    (await call<OrderRefunds>(this.server, 'GET', `/admin/orders/${id}/refunds`, { cookie: this.cookie })).body;

  /** The refunds Square made of one payment. */
  squareRefundsOf = (paymentId: string) => this.square.refunds.filter((made) => made.payment_id === paymentId);

  /** How many refund calls Square has received. */
  refundRequests = () => this.square.requests.filter((request) => request.path === '/v2/refunds').length;
}

/** Starts the shop before the calling file's tests and stops it after them. */
export function refundShop(): RefundShop {
  const shop = new RefundShop();
  beforeAll(async () => {
    await Promise.all([shop.square.start(), shop.paypal.start()]);
    shop.receiver = await startWebhookReceiver();
    shop.smtp = await startSmtpReceiver();
    shop.server = await startTestServer(shop.settings());
    shop.cookie = await signIn(shop.server);
    await registerReceiver(shop.server, shop.cookie, shop.receiver, ['order.refunded']);
  });
  afterAll(async () => {
    await shop.server?.close();
    await shop.receiver?.close();
    await shop.smtp?.close();
    await Promise.all([shop.square.stop(), shop.paypal.stop()]);
  });
  return shop;
}
