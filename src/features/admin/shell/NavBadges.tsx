import { Badge } from '@mantine/core';
import { trpc } from '../../../lib/trpc';

/** A count beside a link: the number shown, and read after the link's name ("Messages 3 unread"). */
function CountBadge({ count, meaning }: { count: number; meaning: string }) {
  if (count === 0) return null;
  return (
    <Badge size="sm" circle component="span">
      {count}
      <span className="visually-hidden"> {meaning}</span>
    </Badge>
  );
}

/** Commission requests waiting for a quote. */
export function CommissionsBadge() {
  return <CountBadge count={trpc.admin.commissions.count.useQuery().data?.requested ?? 0} meaning="new" />;
}

/** Unread messages. */
export function MessagesBadge() {
  return <CountBadge count={trpc.admin.contacts.page.useQuery({ page: 1, pageSize: 1 }).data?.unread ?? 0} meaning="unread" />;
}

/** Reviews waiting for the owner's approval (D37). */
export function ReviewsBadge() {
  return <CountBadge count={trpc.admin.reviews.count.useQuery().data?.pending ?? 0} meaning="waiting" />;
}
