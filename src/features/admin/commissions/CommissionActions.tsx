import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatOrderNumber } from '../../../../server/domain/order-number';
import { newIdempotencyKey, sendingIdempotencyKey } from '../../../lib/idempotency-key';
import { trpc } from '../../../lib/trpc';
import { ConfirmDialog } from '../ConfirmDialog';
import { modalStyles } from '../modal-styles';
import type { AdminCommission } from './commission-types';

type Change = { status: 'ready' } | { status: 'cancelled'; refundAmount?: string };

/** Mark the piece ready (the buyer is asked for the balance), cancel (refunding the agreed part), open its order. */
export function CommissionActions({
  commission,
  onSaved,
  onOpenOrder,
}: {
  commission: AdminCommission;
  onSaved: (saved: AdminCommission) => void;
  onOpenOrder: (orderId: number) => void;
}) {
  const update = trpc.admin.commissions.update.useMutation();
  // The cancel: one Idempotency-Key per opening of its dialog (D36), sent with each submit of it.
  const [cancelKey, setCancelKey] = useState(newIdempotencyKey);
  const cancel = trpc.admin.commissions.update.useMutation(sendingIdempotencyKey(cancelKey));
  const [asking, setAsking] = useState<'ready' | 'cancel' | null>(null);
  const deposited = Number(commission.paid) > 0;
  const [refund, setRefund] = useState(commission.paid);
  const [refundError, setRefundError] = useState<string>();
  const canCancel = ['requested', 'quoted', 'accepted', 'ready'].includes(commission.status);
  const balance = commission.quote?.balance ?? '0.00';

  async function change(body: Change) {
    setRefundError(undefined);
    try {
      const saved = await (body.status === 'cancelled' ? cancel : update).mutateAsync({ id: commission.id, ...body });
      notifications.show({
        title: 'Commission updated',
        message: body.status === 'ready' ? `${saved.name} was asked for the balance.` : `Commission #${saved.id} is cancelled.`,
        color: 'sage.7',
      });
      setAsking(null);
      onSaved(saved);
    } catch (error) {
      const issue = (error as { data?: { issues?: { path: string[]; message: string }[] } }).data?.issues?.find(
        (one) => one.path[0] === 'refundAmount',
      );
      if (issue) setRefundError(`Refund ${issue.message}`);
      else notifications.show({ title: 'Not updated', message: error instanceof Error ? error.message : 'Failed', color: 'red' });
    }
  }

  return (
    <Group gap="sm" wrap="wrap">
      {commission.status === 'accepted' && <Button onClick={() => setAsking('ready')}>Mark as ready</Button>}
      {commission.orderId !== null && (
        <Button variant="default" onClick={() => onOpenOrder(commission.orderId!)}>
          Open order {formatOrderNumber(commission.orderId)}
        </Button>
      )}
      {canCancel && (
        <Button
          variant="outline"
          color="red.8"
          onClick={() => {
            setCancelKey(newIdempotencyKey());
            setAsking('cancel');
          }}
        >
          Cancel commission
        </Button>
      )}
      <ConfirmDialog
        opened={asking === 'ready'}
        title="Mark as ready"
        message={`${commission.name} is emailed that the piece is finished and asked for the balance of $${balance}.`}
        confirmLabel="Mark as ready"
        busy={update.isPending}
        onConfirm={() => void change({ status: 'ready' })}
        onCancel={() => setAsking(null)}
      />
      <Modal styles={modalStyles} opened={asking === 'cancel'} onClose={() => setAsking(null)} title="Cancel commission" centered>
        <Stack gap="md">
          <Text>
            {deposited
              ? `${commission.name} paid $${commission.paid}. Refund the agreed part of it; the rest is kept. This cannot be undone.`
              : `${commission.name} is told the commission is closed. This cannot be undone.`}
          </Text>
          {deposited && (
            <TextInput
              label="Refund ($)"
              description={`At most $${commission.paid}; 0.00 keeps it all`}
              inputMode="decimal"
              value={refund}
              onChange={(event) => setRefund(event.currentTarget.value)}
              error={refundError}
              data-autofocus
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)} disabled={cancel.isPending}>
              Keep it
            </Button>
            <Button
              color="red.8"
              loading={cancel.isPending}
              onClick={() => void change({ status: 'cancelled', ...(deposited ? { refundAmount: refund.trim() } : {}) })}
            >
              {deposited ? `Cancel and refund $${refund.trim() || '0.00'}` : 'Cancel commission'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
