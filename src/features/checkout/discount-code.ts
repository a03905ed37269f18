import { errorReason } from '../../lib/trpc-errors';

// D40's reasons a code is refused for, as the checkout's code field says them.

const DISCOUNT_REASONS = new Set(['DISCOUNT_UNKNOWN', 'DISCOUNT_EXPIRED', 'DISCOUNT_USED_UP', 'DISCOUNT_MINIMUM']);

/** Whether the server refused the discount code (rather than the cart or the connection). */
export const isDiscountRefusal = (error: unknown) => DISCOUNT_REASONS.has(errorReason(error) ?? '');

/** The server's message for the field, without the field's name it starts with ("discountCode: ..."). */
export function discountMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  return message.replace(/^discountCode:\s*/, '') || 'This code cannot be used.';
}
