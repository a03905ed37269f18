// Commissions: pieces turned to order (issue 37). The closed sets and limits the request page, the admin and the
// server share, so no I/O here.

/**
 * Where a commission is. requested: waiting for the owner's quote; quoted: a quote waits for the buyer; accepted:
 * the deposit is paid and the piece is being made (its order exists, pending); ready: finished, the balance is
 * due; paid: the balance is paid (the order is paid and ships as any order); cancelled: closed by the owner.
 */
export const COMMISSION_STATUSES = ['requested', 'quoted', 'accepted', 'ready', 'paid', 'cancelled'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

/** The woods the request page lists, and the buyer's own wood (a branch from their garden, a family table). */
export const COMMISSION_WOODS = [
  { value: 'walnut', label: 'Black walnut' },
  { value: 'cherry', label: 'Cherry' },
  { value: 'maple', label: 'Maple' },
  { value: 'oak', label: 'White oak' },
  { value: 'ash', label: 'Ash' },
  { value: 'olive', label: 'Olive' },
  { value: 'any', label: "The turner's choice" },
  { value: 'own', label: 'My own wood' },
] as const;
export const COMMISSION_WOOD_VALUES = ['walnut', 'cherry', 'maple', 'oak', 'ash', 'olive', 'any', 'own'] as const;
export type CommissionWood = (typeof COMMISSION_WOOD_VALUES)[number];

/** The budget ranges the buyer picks from (US dollars). */
export const COMMISSION_BUDGETS = [
  { value: 'under-100', label: 'Under $100' },
  { value: '100-250', label: '$100 to $250' },
  { value: '250-500', label: '$250 to $500' },
  { value: '500-1000', label: '$500 to $1,000' },
  { value: 'over-1000', label: 'Over $1,000' },
] as const;
export const COMMISSION_BUDGET_VALUES = ['under-100', '100-250', '250-500', '500-1000', 'over-1000'] as const;
export type CommissionBudget = (typeof COMMISSION_BUDGET_VALUES)[number];

export const COMMISSION_LIMITS = {
  name: 200,
  email: 254,
  purpose: 2000,
  size: 200,
  photos: 4,
  quoteLines: 20,
  lineDescription: 200,
  quoteMessage: 2000,
  updateText: 5000,
  notes: 5000,
  leadTimeDays: 730,
} as const;

/** A calendar date as forms send it: 2026-12-24. */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
