import { ORDER_STATUSES } from '../../../../server/domain/order-statuses';

export { ORDER_STATUSES };

const LABELS: Record<string, string> = {
  pending: 'Pending',
  completed: 'Completed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

// Completed is highlighted (docs/product.md section 2): the only filled badge. The others are outlined in dark shades
// that keep their text readable.
const COLORS: Record<string, string> = {
  pending: 'walnut.8',
  completed: 'sage.7',
  shipped: 'blue.9',
  delivered: 'teal.9',
  cancelled: 'gray.7',
  refunded: 'red.9',
};

export const statusLabel = (status: string) => LABELS[status] ?? status;

export const statusBadgeProps = (status: string) => ({
  color: COLORS[status] ?? 'gray.7',
  variant: status === 'completed' ? 'filled' : 'outline',
});
