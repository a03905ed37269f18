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
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ADMIN_PASSWORD[\s\S]*SESSION_SECRET/);
  });
});
