import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { ORDER_STATUSES } from '../../domain/order-statuses';
import { Order, type IOrder } from './order.entity';

export const ORDER_SORTS = ['newest', 'oldest', 'total-desc', 'total-asc'] as const;

/** The owner's view of the orders: a page of them, found by number, email or name, by status, sorted. */
export const orderSearchInput = z.object({
  page: z.number().int().min(1).max(100_000).default(1).describe('Which page, from 1'),
  pageSize: z.number().int().min(1).max(100).default(25).describe('How many orders a page holds, 1 to 100'),
  search: z.string().trim().max(200).describe("An order number ('#000012' or '12'), or text found in the email or name").optional(),
  status: z
    .enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` })
    .describe('Only orders in this status')
    .optional(),
  sort: z
    .enum(ORDER_SORTS, { error: `sort must be one of ${ORDER_SORTS.join(', ')}` })
    .default('newest')
    .describe('newest or oldest first, or by total (total-desc, total-asc); ties by order number'),
});

export type OrderSearch = z.infer<typeof orderSearchInput>;

const ORDER_BY = {
  newest: { createdAt: 'desc', id: 'desc' },
  oldest: { createdAt: 'asc', id: 'asc' },
  'total-desc': { total: 'desc', id: 'desc' },
  'total-asc': { total: 'asc', id: 'asc' },
} as const;

// A typed % or _ is looked for as itself, not as a pattern.
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filter of a search: an order number ('#000012' or '12') finds that order; text finds emails and names. */
export function orderFilter(search: Pick<OrderSearch, 'search' | 'status'>): FilterQuery<IOrder> {
  const filters: FilterQuery<IOrder>[] = [];
  if (search.status) filters.push({ status: search.status });
  const text = search.search;
  if (text) {
    const pattern = `%${likeEscaped(text)}%`;
    const number = /^#?0*(\d{1,9})$/.exec(text);
    filters.push({
      $or: [{ customerEmail: { $ilike: pattern } }, { customerName: { $ilike: pattern } }, ...(number ? [{ id: Number(number[1]) }] : [])],
    });
  }
  return filters.length > 0 ? { $and: filters } : {};
}

export async function searchOrders(em: EntityManager, search: OrderSearch) {
  const [orders, total] = await em.findAndCount(Order, orderFilter(search), {
    populate: ['items'],
    orderBy: ORDER_BY[search.sort],
    limit: search.pageSize,
    offset: (search.page - 1) * search.pageSize,
  });
  return { orders, total };
}

/** Every order of a filter, in the search's order, for the CSV export (at most `limit`). */
export function ordersForExport(em: EntityManager, search: Pick<OrderSearch, 'search' | 'status' | 'sort'>, limit: number) {
  return em.find(Order, orderFilter(search), { populate: ['items'], orderBy: ORDER_BY[search.sort], limit });
}
