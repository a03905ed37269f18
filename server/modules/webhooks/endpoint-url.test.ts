import { describe, expect, it } from 'vitest';
import { endpointUrlProblem, internalLiteralProblem, isInternalAddress, publicOnlyLookup } from './endpoint-url';

const production = { httpsOnly: true, allowInternal: false };
const development = { httpsOnly: false, allowInternal: false };
const loopbackReceivers = { httpsOnly: false, allowInternal: true };

describe('webhook endpoint addresses', () => {
  it('allows http outside production, and internal addresses only where WEBHOOK_ALLOW_INTERNAL_ADDRESSES says so', () => {
    expect(endpointUrlProblem('http://hooks.example.com/x', development)).toBeNull();
    expect(endpointUrlProblem('http://127.0.0.1:4000/hook', development)).toBe(
      'must not point at a loopback, private or link-local address',
    );
    expect(endpointUrlProblem('http://localhost:4000/hook', development)).not.toBeNull();
    expect(endpointUrlProblem('http://127.0.0.1:4000/hook', loopbackReceivers)).toBeNull();
    expect(endpointUrlProblem('http://127.0.0.1:4000/hook', { httpsOnly: true, allowInternal: true })).toBe(
      'must start with https:// in production',
    );
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
      'https://[::ffff:7f00:1]/hook',
      'https://2130706433/hook',
    ];
    for (const url of refused) expect(endpointUrlProblem(url, production), url).not.toBeNull();
    expect(endpointUrlProblem('http://hooks.example.com/x', production)).toBe('must start with https:// in production');
  });

  it('allows public https endpoints in production', () => {
    expect(endpointUrlProblem('https://hooks.example.com/turnery?shop=1', production)).toBeNull();
    expect(endpointUrlProblem('https://8.8.8.8/hook', production)).toBeNull();
    expect(endpointUrlProblem('https://172.32.0.1/hook', production)).toBeNull();
    expect(endpointUrlProblem('https://[2606:4700::1111]/hook', production)).toBeNull();
  });

  it('refuses NAT64, 6to4, benchmarking, IETF protocol and reserved addresses, which lead inside too', () => {
    const internal = [
      '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
      '64:ff9b::a9fe:a9fe', // NAT64 of 169.254.169.254
      '64:ff9b:1::a00:1', // local-use NAT64
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      '2002:c0a8:101::1', // 6to4 of 192.168.1.1
      '198.18.0.1',
      '198.19.255.254',
      '192.0.0.8',
      '240.0.0.1',
      '255.255.255.255',
    ];
    for (const address of internal) expect(isInternalAddress(address), address).toBe(true);
    expect(isInternalAddress('198.20.0.1')).toBe(false);
    expect(isInternalAddress('192.0.1.1')).toBe(false);
  });

  it('names an internal IP literal a delivery must not connect to, and leaves names to the DNS lookup', () => {
    expect(internalLiteralProblem(new URL('http://198.18.0.1:8080/hook'))).toBe('198.18.0.1 is an internal address');
    expect(internalLiteralProblem(new URL('http://[64:ff9b::7f00:1]/hook'))).toBe('64:ff9b::7f00:1 is an internal address');
    expect(internalLiteralProblem(new URL('https://8.8.8.8/hook'))).toBeNull();
    expect(internalLiteralProblem(new URL('http://localhost/hook'))).toBeNull();
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
