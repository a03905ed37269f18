import { ORDER_STATUSES, orderStatusLabel } from '../../../../server/domain/order-statuses';

export { ORDER_STATUSES };

// Paid (completed) is highlighted (docs/product.md section 2): the only filled badge. The others are outlined in dark shades
// that keep their text readable.
const COLORS: Record<string, string> = {
  pending: 'walnut.8',
  completed: 'sage.7',
  shipped: 'blue.9',
  delivered: 'teal.9',
  cancelled: 'gray.7',
  refunded: 'red.9',
};

export const statusLabel = orderStatusLabel;

export const statusBadgeProps = (status: string) => ({
  color: COLORS[status] ?? 'gray.7',
  variant: status === 'completed' ? 'filled' : 'outline',
});
