import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser } from '../support/browser';
import { withDatabase } from '../support/database';
import { countRows, insertProduct, orderBody, payByCard, productStock, quote } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

it('20 buyers paying at once for the last 5 pieces get exactly 5 orders; stock ends at 0, never below', async () => {
  const productId = await insertProduct(server.databaseUrl, { price: '18.00', stock: 5 });
  const buyers = Array.from({ length: 20 }, () => new Browser(server.url));
  const q = await quote(buyers[0]!, [{ productId, quantity: 1 }]);
  const payments = await Promise.all(buyers.map((buyer) => payByCard(buyer, q.total)));
  const ordersBefore = await countRows(server.databaseUrl, 'shop_order');

  const results = await Promise.all(buyers.map((buyer, i) => buyer.post('/api/orders', orderBody(q, { squarePaymentId: payments[i] }))));

  const statuses = results.map((result) => result.status).sort();
  expect(statuses.filter((status) => status === 200)).toHaveLength(5);
  expect(statuses.filter((status) => status === 409)).toHaveLength(15);
  expect(await productStock(server.databaseUrl, productId)).toEqual({ stock_quantity: 0, in_stock: false });
  expect(await countRows(server.databaseUrl, 'shop_order')).toBe(ordersBefore + 5);
  // Every buyer who got no piece got their money back.
  const refunded = await withDatabase(server.databaseUrl, async (client) =>
    Number(
      (await client.query<{ count: string }>(`select count(*) from sandbox_payment where id = any($1) and status = 'REFUNDED'`, [payments]))
        .rows[0]!.count,
    ),
  );
  expect(refunded).toBe(15);
});

it('carts of two products, listed in either order, racing for 3 of one: 3 orders, and the other loses only what was sold', async () => {
  const plenty = await insertProduct(server.databaseUrl, { price: '12.00', stock: 100 });
  const scarce = await insertProduct(server.databaseUrl, { price: '30.00', stock: 3 });
  const buyers = Array.from({ length: 12 }, () => new Browser(server.url));
  // Half list the scarce piece first: the stock is still taken in one order (product id), so no two carts deadlock.
  const carts = buyers.map((_, i) =>
    i % 2 === 0
      ? [
          { productId: plenty, quantity: 1 },
          { productId: scarce, quantity: 1 },
        ]
      : [
          { productId: scarce, quantity: 1 },
          { productId: plenty, quantity: 1 },
        ],
  );
  const quotes = await Promise.all(carts.map((cart, i) => quote(buyers[i]!, cart)));
  const payments = await Promise.all(buyers.map((buyer, i) => payByCard(buyer, quotes[i]!.total)));

  const results = await Promise.all(
    buyers.map((buyer, i) => buyer.post('/api/orders', orderBody(quotes[i]!, { squarePaymentId: payments[i] }))),
  );

  expect(results.filter((result) => result.status === 200)).toHaveLength(3);
  expect(results.filter((result) => result.status === 409)).toHaveLength(9);
  // A failed cart takes nothing, not even the line that had stock.
  expect(await productStock(server.databaseUrl, plenty)).toEqual({ stock_quantity: 97, in_stock: true });
  expect(await productStock(server.databaseUrl, scarce)).toEqual({ stock_quantity: 0, in_stock: false });
});
