// D18: the owner moves an order through these; server/domain/order-transitions.ts says which moves are allowed.
export const ORDER_STATUSES = ['pending', 'completed', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Each status in words a buyer understands, for every screen (the owner's and the buyer's); the wire, the CSV and
 * the webhooks keep the values above. `completed` is SPEC's name for an order that has been paid.
 */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  completed: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** The words for a status; a value this version does not know is shown as it is. */
export const orderStatusLabel = (status: string): string => ORDER_STATUS_LABELS[status as OrderStatus] ?? status;
