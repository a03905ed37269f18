import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { sameOriginWrites } from './same-origin';

function run(headers: Record<string, string>, options: { method?: string; host?: string; publicUrl?: string; baseUrl?: string } = {}) {
  const req = {
    method: options.method ?? 'POST',
    headers,
    host: options.host ?? 'shop.example:3000',
    baseUrl: options.baseUrl ?? '/api',
  } as unknown as Request;
  let status = 0;
  const res = { status: (code: number) => ((status = code), res), json: () => res } as unknown as Response;
  let passed = false;
  sameOriginWrites({ PUBLIC_URL: options.publicUrl })(req, res, () => {
    passed = true;
  });
  return passed ? 'pass' : status;
}

describe('sameOriginWrites', () => {
  it('lets reads through whatever their origin', () => {
    expect(run({ origin: 'https://evil.example' }, { method: 'GET' })).toBe('pass');
  });

  it('lets writes from the page itself through', () => {
    expect(run({ origin: 'http://shop.example:3000' })).toBe('pass');
    expect(run({ referer: 'http://shop.example:3000/admin' })).toBe('pass');
  });

  it('refuses writes from another site, by Origin or else by Referer', () => {
    expect(run({ origin: 'https://evil.example' })).toBe(403);
    expect(run({ referer: 'https://evil.example/page' })).toBe(403);
    // Same host name on another port is another origin.
    expect(run({ origin: 'http://shop.example:4000' })).toBe(403);
    // Sandboxed frames send 'null'.
    expect(run({ origin: 'null' })).toBe(403);
  });

  it('accepts the public address when the request came through a proxy under another name', () => {
    expect(run({ origin: 'https://turnery.example' }, { host: '127.0.0.1:3000', publicUrl: 'https://turnery.example' })).toBe('pass');
  });

  it('lets requests without Origin or Referer through: they are not sent by a web page', () => {
    expect(run({})).toBe('pass');
  });

  it('lets a write with an API token to /api through (the REST mirror reads no cookie then), never one to /trpc', () => {
    const withToken = { origin: 'https://integrator.example', authorization: 'Bearer tny_x' };
    expect(run(withToken)).toBe('pass');
    expect(run(withToken, { baseUrl: '/trpc' })).toBe(403);
  });
});
