import { MAX_ID } from './ids';

// D35: a payment is for one purpose. When the shop creates a payment (a card charge, a PayPal order) it notes what
// the payment is for; the payment then pays only that, and the purpose and amount are checked before any capture.

export type PaymentFor = 'deposit' | 'balance';

/** A cart's order. */
export const ORDER_PURPOSE = 'order';

/** Commission `id`'s deposit or balance. */
export const commissionPurpose = (id: number, what: PaymentFor) => `commission:${id}:${what}`;

/** The signed value of a commission's link names what it opens (so an order's link never opens a commission). */
export const COMMISSION_LINK_PREFIX = 'commission-';

/** The commission a link's signed value names, or undefined (an order's link, or not a commission id). */
export function commissionIdOfLinkValue(value: string | undefined): number | undefined {
  if (!value?.startsWith(COMMISSION_LINK_PREFIX)) return undefined;
  const id = Number(value.slice(COMMISSION_LINK_PREFIX.length));
  return Number.isInteger(id) && id > 0 && id <= MAX_ID ? id : undefined;
}

const COMMISSION_RETURN = /^\/commissions\/([A-Za-z0-9_.-]{1,300})\?payment=(deposit|balance)$/;

/**
 * The purpose of a PayPal order, from the page PayPal returns the buyer to: the checkout's page pays an order, a
 * commission's page the payment it names. `verify` reads a commission link's token (its signed value); undefined
 * when the path names no payment of this shop (a forged or expired link).
 */
export function purposeOfReturnPath(returnPath: string, verify: (token: string) => string | undefined): string | undefined {
  if (returnPath === '/checkout/success') return ORDER_PURPOSE;
  const match = COMMISSION_RETURN.exec(returnPath);
  if (!match) return undefined;
  const id = commissionIdOfLinkValue(verify(match[1]!));
  return id === undefined ? undefined : commissionPurpose(id, match[2] as PaymentFor);
}

/** What a purpose pays, in words for the buyer: "an order", "another commission's deposit". */
export function describePurpose(purpose: string): string {
  const match = /^commission:\d+:(deposit|balance)$/.exec(purpose);
  return match ? `a commission's ${match[1]}` : 'an order at the checkout';
}
