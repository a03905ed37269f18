import type { OrderStatus } from './order-statuses';

// An order's lifecycle, one table: paid (completed) -> shipped -> delivered; a paid order not yet shipped may be
// cancelled, a shipped or delivered one refunded; an unpaid (pending) one becomes paid or is cancelled.
// Cancelled and refunded are final. Every other move is refused (INVALID_TRANSITION).
const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['completed', 'cancelled'],
  completed: ['shipped', 'cancelled'],
  shipped: ['delivered', 'refunded'],
  delivered: ['refunded'],
  cancelled: [],
  refunded: [],
};

export function allowedMoves(from: OrderStatus): readonly OrderStatus[] {
  return NEXT[from];
}

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

/** A move that gives the customer's money back and puts the stock back: from a paid order to cancelled or refunded. */
export function returnsMoney(from: OrderStatus, to: OrderStatus): boolean {
  return from !== 'pending' && (to === 'cancelled' || to === 'refunded');
}

export const CARRIERS = ['USPS', 'UPS', 'FedEx', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];

const TRACKING: Record<Exclude<Carrier, 'other'>, string> = {
  USPS: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
  UPS: 'https://www.ups.com/track?tracknum=',
  FedEx: 'https://www.fedex.com/fedextrack/?trknbr=',
};

/** The carrier's own tracking page for a number, for the carriers that have one. */
export function trackingUrl(carrier: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  if (!carrier || !trackingNumber || !(carrier in TRACKING)) return null;
  return `${TRACKING[carrier as keyof typeof TRACKING]}${encodeURIComponent(trackingNumber)}`;
}
