// Where Square's Web Payments SDK lives, by the application id's environment: the same rule `@square/web-sdk`
// uses to pick square.js (sandbox ids start `sandbox-sq0idb-`, production ids `sq0idp-`). The server's
// Content-Security-Policy and the checkout's card form both read it, so they never disagree.

export type SquareEnvironment = 'sandbox' | 'production';

const HOSTS: Record<SquareEnvironment, { cdn: string; pciConnect: string }> = {
  sandbox: { cdn: 'https://sandbox.web.squarecdn.com', pciConnect: 'https://pci-connect.squareupsandbox.com' },
  production: { cdn: 'https://web.squarecdn.com', pciConnect: 'https://pci-connect.squareup.com' },
};

/** The environment an application id belongs to, or null when it is not a Square application id. */
export function squareEnvironment(applicationId: string): SquareEnvironment | null {
  if (applicationId.startsWith('sandbox-sq0idb-')) return 'sandbox';
  if (applicationId.startsWith('sq0idp-')) return 'production';
  return null;
}

/** Square's CDN (square.js and the card fields' frames) and its card-data host for an environment. */
export function squareHosts(environment: SquareEnvironment) {
  return HOSTS[environment];
}

/** The address of square.js for an environment. */
export function squareScriptUrl(environment: SquareEnvironment) {
  return `${HOSTS[environment].cdn}/v1/square.js`;
}
