// D18: the owner moves an order through these.
export const ORDER_STATUSES = ['pending', 'completed', 'shipped', 'delivered', 'cancelled'] as const;
