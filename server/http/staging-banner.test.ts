import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { stagingBanner } from './staging-banner';
import { staticClient } from './static-client';

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnery-staging-banner-'));
fs.writeFileSync(
  path.join(distDir, 'index.html'),
  '<!doctype html><html><head><title>Turnery</title></head><body><div id="root"></div></body></html>',
);
afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

/** The page at `pathname` as staticClient serves it with `banner`. */
async function pageWith(banner: string, pathname: string): Promise<string> {
  const app = express().use(staticClient(distDir, { banner }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    return await (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${pathname}`)).text();
  } finally {
    server.close();
  }
}

describe('the staging banner (D29)', () => {
  it('is shown by a production shop on the sandbox only', () => {
    expect(stagingBanner({ isProduction: true, PAYMENT_PROVIDER: 'sandbox' })).toContain('payments are simulated and no money is taken');
    expect(stagingBanner({ isProduction: true, PAYMENT_PROVIDER: 'square' })).toBe('');
    expect(stagingBanner({ isProduction: true, PAYMENT_PROVIDER: 'paypal' })).toBe('');
    expect(stagingBanner({ isProduction: false, PAYMENT_PROVIDER: 'sandbox' })).toBe('');
  });

  it('opens every page, before the app, as a named landmark', async () => {
    const banner = stagingBanner({ isProduction: true, PAYMENT_PROVIDER: 'sandbox' });
    for (const pathname of ['/', '/checkout', '/admin', '/no-such-page']) {
      const html = await pageWith(banner, pathname);
      expect(html, pathname).toContain(`<body>${banner}<div id="root"></div>`);
    }
    expect(banner).toMatch(/^<aside [^>]*aria-label="Staging shop"/);
    expect(await pageWith('', '/')).toContain('<body><div id="root"></div>');
  });
});
