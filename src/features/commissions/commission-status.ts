import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/app-router';

export type Commission = inferRouterOutputs<AppRouter>['commissions']['get'];
export type CommissionQuote = NonNullable<Commission['quote']>;

interface Stage {
  label: string;
  color: string;
  text: string;
}

/** Where the piece is, in the buyer's words; a paid piece reads from its order (packed, shipped, delivered). */
export function stageOf(commission: Commission): Stage {
  switch (commission.status) {
    case 'requested':
      return { label: 'Waiting for a quote', color: 'walnut.8', text: 'We are reading your request and will send you a quote here soon.' };
    case 'quoted':
      return commission.quote?.expired
        ? { label: 'Quote expired', color: 'gray.7', text: "This quote's last day has passed. Write to us and we will send a new one." }
        : { label: 'Quote ready', color: 'sage.8', text: 'Your quote is below. Accept it and pay the deposit, and we start turning.' };
    case 'accepted':
      return {
        label: 'Being made',
        color: 'blue.9',
        text: 'Your deposit is paid and the piece is in the workshop. Updates appear below as it takes shape.',
      };
    case 'ready':
      return { label: 'Finished', color: 'sage.8', text: 'Your piece is finished! Pay the balance below and we will ship it.' };
    case 'paid':
      if (commission.orderStatus === 'delivered') return { label: 'Delivered', color: 'teal.9', text: 'Delivered. We hope you love it.' };
      if (commission.orderStatus === 'shipped')
        return { label: 'Shipped', color: 'blue.9', text: 'Your piece is on its way. Follow it with the tracking link below.' };
      return {
        label: 'Paid in full',
        color: 'sage.8',
        text: 'Paid in full, thank you. We are packing it; the tracking appears here once it ships.',
      };
    case 'cancelled':
      return { label: 'Cancelled', color: 'gray.7', text: 'This commission was cancelled. Write to us if you have any question about it.' };
  }
}

/** 'December 1, 2026' from '2026-12-01', the day itself whatever the visitor's time zone. */
export function formatDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** '6 weeks' for whole weeks (as the owner enters them), else days. */
export function formatLeadTime(days: number): string {
  if (days % 7 === 0) return days === 7 ? '1 week' : `${days / 7} weeks`;
  return days === 1 ? '1 day' : `${days} days`;
}
