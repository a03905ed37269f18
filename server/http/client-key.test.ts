import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../logger';
import { ForwardingCheck, clientKeyOf } from './client-key';

describe('the client key of an address', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:cb00:7107', '203.0.113.7'],
    ['203.0.113.7:51234', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['[2001:db8:1:2:3:4:5:6]:443', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['64:ff9b::203.0.113.7', '64:ff9b:0:0::/64'],
    ['not an address', 'unknown'],
    [undefined, 'unknown'],
  ])('keys %s as %s', (address, key) => {
    expect(clientKeyOf(address)).toBe(key);
  });

  it('gives every address of one /64 the same key, and the next /64 another', () => {
    const keys = new Set(Array.from({ length: 14 }, (_, i) => clientKeyOf(`2001:db8:aa:bb::${(i + 1).toString(16)}`)));
    expect([...keys]).toEqual(['2001:db8:aa:bb::/64']);
    expect(clientKeyOf('2001:db8:aa:bc::1')).not.toBe(clientKeyOf('2001:db8:aa:bb::1'));
  });
});

describe('the check for a balancer TRUST_PROXY does not name', () => {
  const logged: string[] = [];
  const logger = { warn: (_fields: object, message: string) => logged.push(message) } as unknown as Logger;
  const request = (headers: Record<string, string>, ips: string[]) =>
    ({ headers, ips, socket: { remoteAddress: '10.0.0.5' } }) as unknown as Request;

  it('warns once, naming the peer and the setting, when a peer that is not trusted forwards an address', () => {
    const check = new ForwardingCheck(logger);
    check.check(request({}, []));
    check.check(request({ 'x-forwarded-for': '198.51.100.1' }, ['198.51.100.1']));
    expect(check.warning).toBeUndefined();
    check.check(request({ 'x-forwarded-for': '198.51.100.1' }, []));
    check.check(request({ 'x-forwarded-for': '198.51.100.2' }, []));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('10.0.0.5');
    expect(logged[0]).toContain('TRUST_PROXY');
    expect(check.warning).toBe(logged[0]);
  });
});
