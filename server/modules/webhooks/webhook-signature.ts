import { createHmac, randomBytes } from 'node:crypto';

// Stripe's scheme, which integrators know: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed
// with the endpoint's secret. The time inside the signed text lets a receiver refuse a replayed old delivery.
// While an old secret is still valid after a rotation, each delivery carries one v1 per secret.

export const SIGNATURE_HEADER = 'Turnery-Signature';

/** A new signing secret: `whsec_` and 32 random characters. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/** The Turnery-Signature header of `body` sent at `unixSeconds`, signed with each secret. */
export function signatureHeader(body: string, secrets: readonly string[], unixSeconds: number): string {
  const signatures = secrets.map((secret) => `v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`);
  return [`t=${unixSeconds}`, ...signatures].join(',');
}
