// D18: the owner moves an order through these; server/domain/order-transitions.ts says which moves are allowed.
export const ORDER_STATUSES = ['pending', 'completed', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];
