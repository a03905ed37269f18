import { z } from 'zod';
import { sql, type SqlSource } from '../../db/sql';
import { listPagingInput, pageWindow, type PageWindow } from '../../contract/list-paging';

// The owner's view of the newsletter's addresses (issue 46): listed, searched, exported for the owner's mail tool,
// removed. The shop itself sends subscribers nothing but the welcome email (campaigns stay in the owner's tool).

export const SUBSCRIBER_STATUSES = ['subscribed', 'unsubscribed', 'all'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

const status = z.enum(SUBSCRIBER_STATUSES, { error: `status must be one of ${SUBSCRIBER_STATUSES.join(', ')}` });
const search = z.string().trim().max(254, 'search must be at most 254 characters').describe('Text found in the address').optional();

/** The list's filter: a page, text in the address, subscribed or unsubscribed (all by default). */
export const subscriberListInput = listPagingInput.extend({
  search,
  status: status.default('all').describe('subscribed, unsubscribed, or all (the default)'),
});

/** The export's filter: the same, but only subscribed addresses unless asked, so a mail tool never gets one who left. */
export const subscriberExportInput = z.object({
  search,
  status: status.default('subscribed').describe('subscribed (the default), unsubscribed, or all'),
});

export interface SubscriberRow {
  id: number;
  email: string;
  created_at: Date;
  unsubscribed_at: Date | null;
}

// A typed % or _ is looked for as itself, not as a pattern.
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(filter: { search?: string; status: SubscriberStatus }): { text: string; values: unknown[] } {
  const conditions: string[] = [];
  const values: unknown[] = [];
  if (filter.status === 'subscribed') conditions.push('unsubscribed_at is null');
  if (filter.status === 'unsubscribed') conditions.push('unsubscribed_at is not null');
  if (filter.search) {
    // Addresses are stored lower-case; the search is too.
    values.push(`%${likeEscaped(filter.search.toLowerCase())}%`);
    conditions.push(`email like $${values.length}`);
  }
  return { text: conditions.length ? `where ${conditions.join(' and ')}` : '', values };
}

/** Newest first: the rows of one page and how many match in all. */
export async function subscribersPage(db: SqlSource, input: z.infer<typeof subscriberListInput>) {
  const where = whereOf(input);
  const window = pageWindow(input);
  const [rows, [counted]] = await Promise.all([
    selectSubscribers(db, where, window),
    sql(db).query<{ n: string }>(`select count(*) as n from newsletter_subscription ${where.text}`, where.values),
  ]);
  return { rows, total: Number(counted!.n) };
}

/** The rows of an export, newest first, at most `limit`. */
export function subscribersForExport(db: SqlSource, filter: z.infer<typeof subscriberExportInput>, limit: number) {
  return selectSubscribers(db, whereOf(filter), { limit, offset: 0 });
}

function selectSubscribers(db: SqlSource, where: { text: string; values: unknown[] }, window: PageWindow) {
  const n = where.values.length;
  return sql(db).query<SubscriberRow>(
    `select id, email, created_at, unsubscribed_at from newsletter_subscription ${where.text}
     order by created_at desc, id desc limit $${n + 1} offset $${n + 2}`,
    [...where.values, window.limit, window.offset],
  );
}

/**
 * Removes one address from the list; false when there is none with that id. It gets nothing more from the shop; it
 * may join again with its own new sign-up (which sends a new welcome).
 */
export async function removeSubscriber(db: SqlSource, id: number): Promise<boolean> {
  const removed = await sql(db).query('delete from newsletter_subscription where id = $1 returning id', [id]);
  return removed.length > 0;
}
