import { call } from './admin-client';
import type { OrderJson, ProductJson } from './api-types';
import { insertProduct, orderBody, payByCard, quote, type JsonClient, type ProductFixture } from './fixtures';
import type { TestServer } from './test-server';

// A product with options and variants (D38) made through the owner's API, and a variant bought as the checkout buys
// it, for the tests of what the owner sees of variants (low stock, best sellers, exports, webhooks).

export interface VariantFixture {
  options: string[];
  price: string;
  stockQuantity: number;
  weight?: string;
  enabled?: boolean;
}

/** A product of the test's own with one option (Wood) and these variants; answers the product as the owner's PUT answers it. */
export async function insertProductWithVariants(
  server: TestServer,
  cookie: string,
  variants: VariantFixture[],
  product: ProductFixture = {},
): Promise<ProductJson> {
  const id = await insertProduct(server.databaseUrl, product);
  const values = [...new Set(variants.flatMap((variant) => variant.options))];
  const put = await call<ProductJson>(server, 'PUT', `/products/${id}/variants`, {
    cookie,
    body: { options: [{ name: 'Wood', values }], variants: variants.map((variant) => ({ weight: '1.00', ...variant })) },
  });
  if (put.status !== 200) throw new Error(`PUT variants failed: ${put.status} ${JSON.stringify(put.body)}`);
  return put.body;
}

/** The variant of `product` titled `title`. */
export function variantOf(product: ProductJson, title: string) {
  const variant = product.variants?.find((candidate) => candidate.title === title);
  if (!variant) throw new Error(`no variant ${title} in ${JSON.stringify(product.variants)}`);
  return variant;
}

/** `quantity` of a variant bought as the checkout buys it: quote, card payment, order; answers the order. */
export async function buyVariant(client: JsonClient, productId: number, variantId: number, quantity = 1): Promise<OrderJson> {
  const q = await quote(client, [{ productId, variantId, quantity }]);
  const order = await client.post<OrderJson>('/api/orders', orderBody(q, { squarePaymentId: await payByCard(client, q.total) }));
  if (order.status !== 200) throw new Error(`order failed: ${order.status} ${JSON.stringify(order.body)}`);
  return order.body;
}
