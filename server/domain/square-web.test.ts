import { expect, it } from 'vitest';
import { squareEnvironment, squareHosts, squareScriptUrl } from './square-web';

it('tells sandbox and production application ids apart, and refuses anything else', () => {
  expect(squareEnvironment('sandbox-sq0idb-AbC123')).toBe('sandbox');
  expect(squareEnvironment('sq0idp-AbC123')).toBe('production');
  expect(squareEnvironment('sq0idb-AbC123')).toBeNull();
  expect(squareEnvironment('')).toBeNull();
});

it('loads square.js from the CDN of the environment, as @square/web-sdk does', () => {
  expect(squareScriptUrl('sandbox')).toBe('https://sandbox.web.squarecdn.com/v1/square.js');
  expect(squareScriptUrl('production')).toBe('https://web.squarecdn.com/v1/square.js');
  expect(squareHosts('production').pciConnect).toBe('https://pci-connect.squareup.com');
});
