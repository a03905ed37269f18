import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig, SETTING_NAMES } from './config';

// A production shop's settings as an operator would give them: each test changes one.
const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://shop@db:5432/shop',
  ADMIN_PASSWORD: 'twelve chars',
  SESSION_SECRET: 'a-session-secret-of-thirty-two-characters',
  PUBLIC_URL: 'https://shop.example',
  PAYMENT_PROVIDER: 'paypal',
};

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

  it('refuses to run in production without what it needs, naming every missing variable in one error', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /ADMIN_PASSWORD: required[\s\S]*SESSION_SECRET: required[\s\S]*PUBLIC_URL: required[\s\S]*DATABASE_URL: required[\s\S]*PAYMENT_PROVIDER: required/,
    );
  });

  it('D29: production refuses each setting that would lose money or data, naming it, and reports bad values beside them', () => {
    expect(loadConfig(PRODUCTION).PAYMENT_PROVIDER).toBe('paypal');
    const refusal = (change: Record<string, string>) => {
      try {
        loadConfig({ ...PRODUCTION, ...change });
      } catch (error) {
        return (error as Error).message.split('\n').slice(1);
      }
      return [];
    };
    expect(refusal({ PAYMENT_PROVIDER: '' })).toEqual([expect.stringMatching(/^ {2}PAYMENT_PROVIDER: required in production/)]);
    expect(refusal({ DATABASE_URL: '' })).toEqual([expect.stringMatching(/^ {2}DATABASE_URL: required in production/)]);
    expect(refusal({ ADMIN_PASSWORD: 'eleven char' })).toEqual(['  ADMIN_PASSWORD: must be at least 12 characters in production']);
    expect(refusal({ ADMIN_PASSWORD: 'eleven char', PORT: 'eighty' })).toEqual([
      expect.stringMatching(/^ {2}PORT: /),
      '  ADMIN_PASSWORD: must be at least 12 characters in production',
    ]);
    // A staging shop names the sandbox; outside production it stays the default.
    expect(loadConfig({ ...PRODUCTION, PAYMENT_PROVIDER: 'sandbox' }).PAYMENT_PROVIDER).toBe('sandbox');
    expect(loadConfig({ ADMIN_PASSWORD: 'short' }).ADMIN_PASSWORD).toBe('short');
  });

  it('seeds the demo catalogue by default outside production, and in production only when asked', () => {
    expect(loadConfig({}).SEED_DEMO_DATA).toBe(true);
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).SEED_DEMO_DATA).toBe(false);
    const production = { ...PRODUCTION, PAYMENT_PROVIDER: 'sandbox' };
    expect(loadConfig(production).SEED_DEMO_DATA).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO_DATA: 'true' }).SEED_DEMO_DATA).toBe(true);
  });

  it('waits 5 s on a stop by default, longer than the shipped balancer takes to see readiness fail', () => {
    expect(loadConfig({}).STOP_DELAY_MS).toBe(5000);
    expect(loadConfig({ STOP_DELAY_MS: '0' }).STOP_DELAY_MS).toBe(0);
  });

  it("refuses a Square application id of one environment with Square's API of the other, naming both variables", () => {
    const square = { PAYMENT_PROVIDER: 'square', SQUARE_ACCESS_TOKEN: 'token', SQUARE_LOCATION_ID: 'L1' };
    // The default SQUARE_BASE_URL is the sandbox's.
    expect(() => loadConfig({ ...square, SQUARE_APPLICATION_ID: 'sq0idp-live' })).toThrow(
      /SQUARE_BASE_URL: https:\/\/connect\.squareupsandbox\.com is Square's sandbox but SQUARE_APPLICATION_ID is a production id/,
    );
    expect(() =>
      loadConfig({ ...square, SQUARE_APPLICATION_ID: 'sandbox-sq0idb-test', SQUARE_BASE_URL: 'https://connect.squareup.com' }),
    ).toThrow(/SQUARE_BASE_URL: https:\/\/connect\.squareup\.com is Square's production but SQUARE_APPLICATION_ID is a sandbox id/);
    const live = { ...square, SQUARE_APPLICATION_ID: 'sq0idp-live', SQUARE_BASE_URL: 'https://connect.squareup.com' };
    expect(loadConfig(live).SQUARE_BASE_URL).toBe('https://connect.squareup.com');
    // A test double's address is not Square's: not judged.
    expect(loadConfig({ ...live, SQUARE_BASE_URL: 'http://127.0.0.1:4000' }).SQUARE_APPLICATION_ID).toBe('sq0idp-live');
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

  it('.env.example, which compose reads, lists every setting, and what compose itself needs', () => {
    const text = fs.readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
    const listed = [...text.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
    expect([...listed].sort()).toEqual([...SETTING_NAMES, 'POSTGRES_PASSWORD', 'SITE_ADDRESS'].sort());
  });
});
