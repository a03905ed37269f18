import { describe, expect, it } from 'vitest';
import { endpointUrlProblem, isInternalAddress, publicOnlyLookup } from './endpoint-url';

describe('webhook endpoint addresses', () => {
  it('allows any http(s) URL outside production, so tests and local receivers work', () => {
    expect(endpointUrlProblem('http://127.0.0.1:4000/hook', false)).toBeNull();
  });

  it('refuses http, loopback, private and link-local addresses in production', () => {
    const refused = [
      'http://hooks.example.com/turnery',
      'https://localhost/hook',
      'https://api.localhost/hook',
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://172.20.0.5/hook',
      'https://192.168.1.10/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[fe80::1]/hook',
      'https://[fd12:3456::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://0.0.0.0/hook',
    ];
    for (const url of refused) expect(endpointUrlProblem(url, true), url).not.toBeNull();
    expect(endpointUrlProblem('http://hooks.example.com/x', true)).toBe('must start with https:// in production');
  });

  it('allows public https endpoints in production', () => {
    expect(endpointUrlProblem('https://hooks.example.com/turnery?shop=1', true)).toBeNull();
    expect(endpointUrlProblem('https://8.8.8.8/hook', true)).toBeNull();
    expect(endpointUrlProblem('https://172.32.0.1/hook', true)).toBeNull();
  });

  it('knows internal addresses of both families', () => {
    expect(isInternalAddress('127.0.0.53')).toBe(true);
    expect(isInternalAddress('::ffff:10.0.0.1')).toBe(true);
    expect(isInternalAddress('2606:4700::1111')).toBe(false);
    expect(isInternalAddress('93.184.216.34')).toBe(false);
  });

  it('refuses, at connection time, a name that resolves to an internal address', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup('localhost', {}, (failure) => resolve(failure)),
    );
    expect(error?.code).toBe('EINTERNAL');
    expect(error?.message).toMatch(/localhost resolves to (127\.0\.0\.1|::1), an internal address/);
  });
});
