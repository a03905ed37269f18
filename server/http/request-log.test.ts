import { describe, expect, it } from 'vitest';
import { routeOf } from './request-log';

describe('routeOf', () => {
  it('names the route, never the ids, slugs or tokens of the address', () => {
    expect(routeOf('/api/products/12', '/api/products/{id}')).toBe('/api/products/{id}');
    expect(routeOf('/product/12', undefined)).toBe('/product/$id');
    expect(routeOf('/blog/turning-green-wood', undefined)).toBe('/blog/$post');
    expect(routeOf('/orders/secret-signed-token', undefined)).toBe('/orders/$token');
    expect(routeOf('/uploads/0123abcd.jpg', undefined)).toBe('/uploads/*');
    expect(routeOf('/api/no-such-thing/42', undefined)).toBe('/api (unknown)');
  });

  it('keeps tRPC procedure names and refuses anything else under /trpc', () => {
    expect(routeOf('/trpc/products.list,blog.list', undefined)).toBe('/trpc/products.list,blog.list');
    expect(routeOf('/trpc/products.byId/../../etc', undefined)).toBe('/trpc (unknown)');
  });

  it('names an unknown address "other"', () => {
    expect(routeOf('/wp-login.php', undefined)).toBe('other');
  });
});
