import { Alert, Anchor, Badge, Button, Group, Image, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { Stars, reviewDate, type AdminReview, type ReviewStatus } from '../../reviews';
import { formatDate } from '../format';
import { ReplyDialog } from './ReplyDialog';
import { QUEUE_LABELS, reviewActions, type ReviewAction } from './review-actions';

const PAGE_SIZE = 10;
const STATUSES: ReviewStatus[] = ['pending', 'approved', 'hidden'];
const BADGE_COLORS: Record<ReviewStatus, string> = { pending: 'walnut.7', approved: 'sage.8', hidden: 'gray.7' };

/**
 * The owner's review queue (D37): the reviews waiting to be read first, then the approved and hidden ones; each is
 * approved, hidden or moved back to pending, and answered in a dialog. A page of ten at a time.
 */
export function ReviewsSection() {
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const [page, setPage] = useState(1);
  const [replying, setReplying] = useState<AdminReview | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = trpc.admin.reviews.list.useQuery({ status, page, pageSize: PAGE_SIZE }, { placeholderData: (previous) => previous });
  const count = trpc.admin.reviews.count.useQuery();
  const rows = list.data ?? [];
  // The list's total travels in a header tRPC does not read: a full page means there may be another.
  const more = rows.length === PAGE_SIZE;
  const pending = count.data?.pending;

  return (
    <>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} fz="h2" ref={heading} tabIndex={-1}>
          Reviews
        </Title>
        <SegmentedControl
          aria-label="Show reviews"
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          data={STATUSES.map((value) => ({
            value,
            label: value === 'pending' && pending !== undefined ? `${QUEUE_LABELS.pending} (${pending})` : QUEUE_LABELS[value],
          }))}
        />
      </Group>
      {list.isError && <Alert color="red">The reviews could not be loaded. Please reload the page.</Alert>}
      {list.isPending && <Skeleton height={160} />}
      {list.data && rows.length === 0 && (
        <Text c="gray.7" ta="center" py="xl">
          {page > 1
            ? 'No more reviews.'
            : status === 'pending'
              ? 'No reviews are waiting for you.'
              : `No ${QUEUE_LABELS[status].toLowerCase()} reviews.`}
        </Text>
      )}
      <Stack component="ul" gap="md" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={`${QUEUE_LABELS[status]} reviews`}>
        {rows.map((review) => (
          <li key={review.id}>
            <ReviewCard review={review} onReply={() => setReplying(review)} onMoved={() => heading.current?.focus()} />
          </li>
        ))}
      </Stack>
      {(page > 1 || more) && (
        <Group justify="center" mt="md">
          <Button variant="default" disabled={page === 1} onClick={() => setPage((current) => current - 1)}>
            Newer
          </Button>
          <Text size="sm">Page {page}</Text>
          <Button variant="default" disabled={!more} onClick={() => setPage((current) => current + 1)}>
            Older
          </Button>
        </Group>
      )}
      <ReplyDialog review={replying} onClose={() => setReplying(null)} />
    </>
  );
}

/** One review with who wrote it and from which order, its status, and the owner's buttons. */
function ReviewCard({ review, onReply, onMoved }: { review: AdminReview; onReply: () => void; onMoved: () => void }) {
  const utils = trpc.useUtils();
  const update = trpc.admin.reviews.update.useMutation();
  const about = `${review.productName} by ${review.authorName}`;

  async function move(action: ReviewAction) {
    try {
      await update.mutateAsync({ id: review.id, status: action.status });
    } catch {
      notifications.show({ title: 'Error', message: 'The review could not be changed. Please try again.', color: 'red' });
      return;
    }
    notifications.show({ message: action.done, color: 'sage.7' });
    // It leaves this list: the keyboard goes back to the section's heading rather than to nothing.
    onMoved();
    await utils.admin.reviews.invalidate();
  }

  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Review of ${about}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div>
          <Text fw={700}>{review.productName}</Text>
          {review.variant && <Text size="sm">{review.variant}</Text>}
        </div>
        <Group gap="xs">
          <Badge color={BADGE_COLORS[review.status]}>{QUEUE_LABELS[review.status]}</Badge>
          <Text size="sm" c="gray.7">
            {formatDate(review.createdAt)}
          </Text>
        </Group>
      </Group>
      <Group gap="xs" mt="sm">
        <Stars rating={review.rating} label={`Rated ${review.rating} out of 5`} />
        <Text fw={600}>{review.title}</Text>
      </Group>
      <Text mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {review.body}
      </Text>
      {review.photoUrl && (
        <Anchor href={review.photoUrl} target="_blank" rel="noreferrer" mt="sm" display="inline-block">
          <Image src={review.photoUrl} alt={`Photo with the review of ${about}`} w={120} h={120} radius="sm" fit="cover" loading="lazy" />
        </Anchor>
      )}
      {/* Each its own item: the email link stands apart, not inside a sentence (axe's link-in-text-block). */}
      <Group gap="xs" mt="sm" wrap="wrap">
        <Text size="sm" c="gray.7">
          Signed {review.authorName}
        </Text>
        {review.customerEmail && (
          <Anchor href={`mailto:${review.customerEmail}`} size="sm">
            {review.customerEmail}
          </Anchor>
        )}
        <Text size="sm" c="gray.7">
          {review.orderNumber ? `Order ${review.orderNumber}` : 'Demo review'}
        </Text>
      </Group>
      {review.reply && (
        <Paper bg="walnut.0" p="sm" radius="sm" mt="sm">
          <Text size="sm" fw={700}>
            Your reply{review.repliedAt ? `, ${reviewDate(review.repliedAt)}` : ''}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {review.reply}
          </Text>
        </Paper>
      )}
      <Group gap="xs" mt="md">
        {reviewActions(review.status).map((action) => (
          <Button
            key={action.status}
            size="xs"
            variant={action.status === 'approved' ? 'filled' : 'light'}
            loading={update.isPending && update.variables?.status === action.status}
            disabled={update.isPending}
            onClick={() => void move(action)}
            aria-label={`${action.label}: ${about}`}
          >
            {action.label}
          </Button>
        ))}
        <Button size="xs" variant="default" onClick={onReply} aria-label={`${review.reply ? 'Edit reply' : 'Reply'}: ${about}`}>
          {review.reply ? 'Edit reply' : 'Reply'}
        </Button>
      </Group>
    </Paper>
  );
}
