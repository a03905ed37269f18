import { expect, it } from 'vitest';
import { loadConfig } from '../config';
import { contentSecurityPolicy } from './content-security-policy';

const square = { PAYMENT_PROVIDER: 'square', SQUARE_ACCESS_TOKEN: 't', SQUARE_LOCATION_ID: 'L1' };

it('lets nothing from outside run, frame or be called with the sandbox', () => {
  const policy = contentSecurityPolicy(loadConfig({}));
  expect(policy['script-src']).toEqual(["'self'"]);
  expect(policy['frame-src']).toBeUndefined();
  expect(policy['connect-src']).toBeUndefined();
});

it("allows Square's sandbox hosts, and only those, for a sandbox application id", () => {
  const policy = contentSecurityPolicy(loadConfig({ ...square, SQUARE_APPLICATION_ID: 'sandbox-sq0idb-x' }));
  expect(policy['script-src']).toEqual(["'self'", 'https://sandbox.web.squarecdn.com']);
  expect(policy['frame-src']).toEqual(['https://sandbox.web.squarecdn.com']);
  expect(policy['connect-src']).toEqual(["'self'", 'https://sandbox.web.squarecdn.com', 'https://pci-connect.squareupsandbox.com']);
});

it("allows Square's production hosts for a production application id", () => {
  const policy = contentSecurityPolicy(
    loadConfig({ ...square, SQUARE_APPLICATION_ID: 'sq0idp-x', SQUARE_BASE_URL: 'https://connect.squareup.com' }),
  );
  expect(policy['script-src']).toEqual(["'self'", 'https://web.squarecdn.com']);
  expect(policy['connect-src']).toEqual(["'self'", 'https://web.squarecdn.com', 'https://pci-connect.squareup.com']);
});
