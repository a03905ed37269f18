import { createHmac, timingSafeEqual } from 'node:crypto';

const TOLERANCE_SECONDS = 5 * 60;

/** True when `rawBody` (the request's bytes, before any JSON parsing) was signed by Turnery with `secret` in the last 5 minutes. */
export function verifyTurneryWebhook(rawBody, signatureHeader, secret, nowMs = Date.now()) {
  const fields = String(signatureHeader ?? '')
    .split(',')
    .map((field) => field.trim().split('='));
  const t = Number(fields.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowMs / 1000 - t) > TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return fields.some(([key, hex]) => {
    const given = Buffer.from(key === 'v1' ? (hex ?? '') : '', 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
