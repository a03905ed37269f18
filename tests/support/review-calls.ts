import { expect } from 'vitest';
import { call } from './admin-client';
import type { ErrorJson, Outputs } from './api-types';
import { insertOrder, insertProduct } from './fixtures';
import { renderedEmails } from './outbox';
import type { TestServer } from './test-server';

// A buyer's and the owner's calls on reviews (D37) over the REST mirror, for tests/api/reviews*.test.ts.

export type ProductReviews = Outputs['reviews']['forProduct'];
export type ReviewRequest = Outputs['reviews']['request'];
export type WrittenReview = Outputs['reviews']['create'];
export type AdminReview = Outputs['admin']['reviews']['update'];

export const REVIEW_FIELDS = {
  rating: 5,
  title: 'Holds a whole skein',
  body: 'The slot never catches my mohair.',
  authorName: 'Margaret H.',
};

/** The calls on `server`, the owner's with `cookie` (read when called, so it may be set after this is made). */
export function reviewCalls(server: () => TestServer, cookie: () => string) {
  /** A shipped order of two new products, moved to delivered by the owner: its id, products, and its email's review links. */
  async function deliveredOrder(customerName = 'Margaret Hale', beforeDelivery?: (orderId: number, dipper: number) => Promise<unknown>) {
    const bowl = await insertProduct(server().databaseUrl, { name: 'Walnut Yarn Bowl', price: '45.00' });
    const dipper = await insertProduct(server().databaseUrl, { name: 'Cherry Honey Dipper', price: '12.00' });
    const orderId = await insertOrder(server().databaseUrl, {
      items: [
        { productId: bowl, name: 'Walnut Yarn Bowl', price: '45.00', quantity: 1 },
        { productId: dipper, name: 'Cherry Honey Dipper', price: '12.00', quantity: 2 },
      ],
      total: '69.00',
      status: 'shipped',
      customerName,
      customerEmail: 'margaret@example.com',
    });
    await beforeDelivery?.(orderId, dipper);
    const moved = await call(server(), 'PATCH', `/orders/${orderId}/status`, { cookie: cookie(), body: { status: 'delivered' } });
    expect(moved.status).toBe(200);
    const [email] = await renderedEmails<{ subject: string; text: string; recipient: string }>(
      server().databaseUrl,
      `select subject, text, to_address as recipient from outbox_email where kind = 'order-delivered' and subject like $1`,
      [`%#${String(orderId).padStart(6, '0')}%`],
    );
    const links = [...(email?.text ?? '').matchAll(/\/review\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/g)].map((match) => match[1]!);
    return { orderId, bowl, dipper, email: email!, tokens: [...new Set(links)] };
  }

  return {
    deliveredOrder,
    request: (token: string) => call<ReviewRequest & ErrorJson>(server(), 'GET', `/reviews/request?token=${encodeURIComponent(token)}`),
    review: (body: Record<string, unknown>) => call<WrittenReview & ErrorJson>(server(), 'POST', '/reviews', { body }),
    listOf: (productId: number, query = '') =>
      call<ProductReviews & ErrorJson>(server(), 'GET', `/products/${productId}/reviews${query}`).then((answer) => answer.body),
    decide: (id: number, body: Record<string, unknown>) =>
      call<AdminReview & ErrorJson>(server(), 'PATCH', `/admin/reviews/${id}`, { cookie: cookie(), body }),
  };
}
