import { ConnectionException } from '@mikro-orm/core';

// PostgreSQL's "connection" and "operator intervention" error classes, and Node's socket errors.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** True when an error means the database cannot be reached now (as opposed to a bad query or bad data). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current = error as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    current && depth < 5;
    current = current.cause as typeof current, depth += 1
  ) {
    if (current instanceof ConnectionException) return true;
    if (typeof current.code === 'string' && UNAVAILABLE_CODES.has(current.code)) return true;
    if (current.name === 'KnexTimeoutError') return true;
    if (
      typeof current.message === 'string' &&
      /Connection terminated|connect ECONNREFUSED|Timeout acquiring a connection|Query read timeout|timeout expired|timeout exceeded when trying to connect/.test(
        current.message,
      )
    )
      return true;
  }
  return false;
}
