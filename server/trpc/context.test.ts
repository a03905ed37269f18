import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import type { Config } from '../config';
import type { AppServices } from '../contract/app-services';
import { createContextFactory, extendedContext } from './context';

// The root EntityManager as far as the context uses it: forks are counted.
function rootEm() {
  const forks: object[] = [];
  return { forks, em: { fork: () => forks[forks.push({ fork: forks.length }) - 1] } as unknown as EntityManager };
}

const request = (headers: Record<string, string> = {}) =>
  ({ headers, ip: '203.0.113.7', socket: { remoteAddress: '127.0.0.1' }, session: { orderIds: [3] } }) as unknown as Request;

const factory = (em: EntityManager) => createContextFactory({ em, config: {} as Config, services: {} as AppServices });

describe('the request context', () => {
  it('forks the EntityManager once, on first use, and gives the pool for statements at once', () => {
    const root = rootEm();
    const ctx = factory(root.em)({ req: request(), res: {} as Response });
    expect(ctx.db).toBe(root.em);
    expect(root.forks).toHaveLength(0);
    expect(ctx.em).toBe(ctx.em);
    expect(root.forks).toEqual([ctx.em]);
  });

  it("keys rate limits by express's client address, and keeps the session unless an API token came", () => {
    const root = rootEm();
    const ctx = factory(root.em)({ req: request(), res: {} as Response });
    expect(ctx.clientKey).toBe('203.0.113.7');
    expect(ctx.session).toEqual({ orderIds: [3] });
    const rest = factory(root.em)({ req: request({ authorization: 'Bearer tok_1' }), res: {} as Response, rest: true });
    expect(rest.apiToken).toBe('tok_1');
    expect(rest.session).toEqual({});
  });

  it('hands on its lazy parts as fields when a middleware adds to it, since tRPC copies own fields only', () => {
    const root = rootEm();
    const ctx = factory(root.em)({ req: request(), res: {} as Response });
    const copied = { ...extendedContext(ctx, { administrator: 'owner' }) };
    expect(copied.em).toBe(ctx.em);
    expect(copied.clientKey).toBe('203.0.113.7');
    expect(copied.administrator).toBe('owner');
    expect(copied.services).toBe(ctx.services);
    expect(root.forks).toHaveLength(1);
  });
});
