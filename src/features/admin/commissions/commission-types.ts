import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/trpc/app-router';

export type AdminCommission = inferRouterOutputs<AppRouter>['admin']['commissions']['byId'];

const LABELS: Record<AdminCommission['status'], string> = {
  requested: 'New request',
  quoted: 'Quoted',
  accepted: 'In the workshop',
  ready: 'Ready: balance due',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

// New requests are the owner's to answer: the only filled badge, as completed orders are in the orders' list.
const COLORS: Record<AdminCommission['status'], string> = {
  requested: 'walnut.8',
  quoted: 'blue.9',
  accepted: 'teal.9',
  ready: 'sage.8',
  paid: 'sage.8',
  cancelled: 'gray.7',
};

export const commissionStatusLabel = (status: AdminCommission['status']) => LABELS[status];

export const commissionBadgeProps = (status: AdminCommission['status']) => ({
  color: COLORS[status],
  variant: status === 'requested' ? 'filled' : 'outline',
});

export const COMMISSION_STATUS_OPTIONS = (Object.keys(LABELS) as AdminCommission['status'][]).map((value) => ({
  value,
  label: LABELS[value],
}));
