import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { fieldErrors } from '../../../lib/trpc-errors';
import type { AdminReview } from '../../reviews';
import { modalStyles } from '../modal-styles';

const MAX = 2000;

/** The shop's public answer to a review, shown under it on the product page: written, changed or removed here. */
export function ReplyDialog({ review, onClose }: { review: AdminReview | null; onClose: () => void }) {
  return (
    <Modal
      styles={modalStyles}
      opened={review !== null}
      onClose={onClose}
      title={review ? `Reply to ${review.authorName}` : 'Reply'}
      size="lg"
    >
      {review && <ReplyForm key={review.id} review={review} onClose={onClose} />}
    </Modal>
  );
}

function ReplyForm({ review, onClose }: { review: AdminReview; onClose: () => void }) {
  const [reply, setReply] = useState(review.reply ?? '');
  const [error, setError] = useState<string>();
  const utils = trpc.useUtils();
  const update = trpc.admin.reviews.update.useMutation();

  async function save(next: string | null) {
    setError(undefined);
    try {
      await update.mutateAsync({ id: review.id, reply: next });
    } catch (failure) {
      const message = fieldErrors(failure).reply;
      if (message) return setError(`Reply ${message}`);
      notifications.show({ title: 'Error', message: 'The reply could not be saved. Please try again.', color: 'red' });
      return;
    }
    await utils.admin.reviews.invalidate();
    notifications.show({ message: next ? 'Your reply is saved.' : 'Your reply is removed.', color: 'sage.7' });
    onClose();
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save(reply.trim() || null);
      }}
    >
      <Stack>
        <Textarea
          label="Your reply"
          description={
            review.status === 'approved'
              ? 'Shown under the review on the product page, as the shop’s.'
              : 'Shown under the review on the product page, as the shop’s, once the review is approved.'
          }
          autosize
          minRows={4}
          maxLength={MAX}
          value={reply}
          onChange={(event) => setReply(event.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="space-between">
          {review.reply ? (
            <Button
              variant="subtle"
              color="red"
              onClick={() => void save(null)}
              loading={update.isPending && update.variables?.reply === null}
            >
              Remove reply
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={reply.trim() === ''} loading={update.isPending && update.variables?.reply !== null}>
              Save reply
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
