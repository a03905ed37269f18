import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { requestLines, routeOf } from './request-log';

describe('requestLines', () => {
  /** A logger writing into an array, as the app's writes to standard output. */
  const capturing = (level: string, bindings?: Record<string, unknown>) => {
    const written: string[] = [];
    const logger = pino({ level, base: undefined }, { write: (line: string) => void written.push(line) });
    return { logger: bindings ? logger.child(bindings) : logger, written };
  };
  const withoutTime = (line: string) => line.replace(/,"time":\d+/, ',"time":0');

  it.each([
    ['an answer', 200, 'info', 'request'],
    ['a 5xx', 503, 'error', 'request failed'],
  ] as const)('writes for %s the line pino itself writes, with the same level and message', (_name, status, level, msg) => {
    for (const bindings of [undefined, { instance: 'shop-1' }]) {
      const { logger, written } = capturing('info', bindings);
      const fields = { reqId: 'b7f0c1e2-1234-4567-89ab-0123456789ab', method: 'POST', route: '/api/products/{id}', status, ms: 1.3 };
      requestLines(logger)(fields);
      logger[level](fields, msg);
      expect(written).toHaveLength(2);
      expect(withoutTime(written[0]!)).toBe(withoutTime(written[1]!));
      expect(JSON.parse(written[0]!)).toMatchObject({ ...fields, msg, level: status >= 500 ? 50 : 30, ...bindings });
    }
  });

  it("writes nothing below the logger's level, and leaves out a missing method as pino does", () => {
    const quiet = capturing('warn');
    requestLines(quiet.logger)({ reqId: 'a', method: 'GET', route: '/shop', status: 200, ms: 2 });
    expect(quiet.written).toEqual([]);
    requestLines(quiet.logger)({ reqId: 'a', method: 'GET', route: '/shop', status: 500, ms: 2 });
    expect(quiet.written).toHaveLength(1);

    const { logger, written } = capturing('info');
    requestLines(logger)({ reqId: 'a', method: undefined, route: 'other', status: 404, ms: 0.1 });
    logger.info({ reqId: 'a', method: undefined, route: 'other', status: 404, ms: 0.1 }, 'request');
    expect(withoutTime(written[0]!)).toBe(withoutTime(written[1]!));
  });
});

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
