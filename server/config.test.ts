import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('gives defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.PAYMENT_PROVIDER).toBe('sandbox');
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/PAYMENT_PROVIDER/);
  });

  it('refuses to run in production without the admin password and session secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ADMIN_PASSWORD[\s\S]*SESSION_SECRET[\s\S]*PUBLIC_URL: required/);
  });

  it('refuses PAYMENT_PROVIDER=square without what card payments need, naming each variable', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'square' })).toThrow(
      /SQUARE_APPLICATION_ID: required[\s\S]*SQUARE_ACCESS_TOKEN: required[\s\S]*SQUARE_LOCATION_ID: required/,
    );
    const square = { PAYMENT_PROVIDER: 'square', SQUARE_ACCESS_TOKEN: 'token', SQUARE_LOCATION_ID: 'L1' };
    expect(() => loadConfig({ ...square, SQUARE_LOCATION_ID: '' })).toThrow(/SQUARE_LOCATION_ID: required/);
    expect(() => loadConfig({ ...square, SQUARE_APPLICATION_ID: 'my-app' })).toThrow(/SQUARE_APPLICATION_ID: must start/);
    expect(loadConfig({ ...square, SQUARE_APPLICATION_ID: 'sandbox-sq0idb-abc' }).SQUARE_APPLICATION_ID).toBe('sandbox-sq0idb-abc');
  });

  it('trusts X-Forwarded-* from a local proxy unless TRUST_PROXY names other ranges, and refuses a word it does not know', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: 'uniquelocal, 203.0.113.7, 10.0.0.0/8, fd00::/8' }).TRUST_PROXY).toEqual([
      'uniquelocal',
      '203.0.113.7',
      '10.0.0.0/8',
      'fd00::/8',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8/1' })).toThrow(/TRUST_PROXY/);
  });
});
