import type { ReviewStatus } from '../../reviews';

/** The owner's words for a review's status: the queue's filter and each review's badge. */
export const QUEUE_LABELS: Record<ReviewStatus, string> = { pending: 'Pending', approved: 'Approved', hidden: 'Hidden' };

export interface ReviewAction {
  status: ReviewStatus;
  label: string;
  /** What the owner is told once it is done. */
  done: string;
}

const APPROVE: ReviewAction = { status: 'approved', label: 'Approve', done: 'Approved: it shows on the product page.' };
const HIDE: ReviewAction = { status: 'hidden', label: 'Hide', done: 'Hidden: it no longer shows on the product page.' };
const BACK: ReviewAction = { status: 'pending', label: 'Move back to pending', done: 'Moved back to pending.' };

/** What the owner may do with a review from where it stands: every other status, the likeliest first. */
export function reviewActions(status: ReviewStatus): ReviewAction[] {
  if (status === 'pending') return [APPROVE, HIDE];
  if (status === 'approved') return [HIDE, BACK];
  return [APPROVE, BACK];
}
