import { Anchor, Badge, Button, Group, List, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { OrderStatus } from '../../../../server/domain/order-statuses';
import { allowedMoves, CARRIERS, returnsMoney } from '../../../../server/domain/order-transitions';
import { newIdempotencyKey, sendingIdempotencyKey } from '../../../lib/idempotency-key';
import { trpc } from '../../../lib/trpc';
import { ConfirmDialog } from '../ConfirmDialog';
import { formatDateTime } from '../format';
import type { AdminOrder } from '../types';
import { statusBadgeProps, statusLabel } from './status';

type Change = { status: OrderStatus; carrier?: (typeof CARRIERS)[number]; trackingNumber?: string; note?: string };

/** Where the order stands and the moves the lifecycle allows from there: ship (with tracking), deliver, refund. */
export function OrderStatusPanel({ order }: { order: AdminOrder }) {
  const utils = trpc.useUtils();
  const setStatus = trpc.admin.orders.setStatus.useMutation();
  // The cancel or whole refund: one Idempotency-Key per opening of its dialog (D36), sent with each confirm of it.
  const [closingKey, setClosingKey] = useState(newIdempotencyKey);
  const close = trpc.admin.orders.setStatus.useMutation(sendingIdempotencyKey(closingKey));
  const history = trpc.admin.orders.history.useQuery({ id: order.id });
  // What a cancel or a whole refund gives back: what partial refunds left of the payments.
  const left = trpc.admin.orders.refunds.useQuery({ id: order.id }).data?.refundable ?? order.total;
  const [carrier, setCarrier] = useState<(typeof CARRIERS)[number]>('USPS');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [confirming, setConfirming] = useState(false);
  const status = order.status;
  // A commission's order waiting for its balance moves by its commission (ready, or cancel with the deposit's
  // refund); the server refuses these moves here (COMMISSION_ORDER), so none is offered.
  const awaitingBalance = order.kind === 'commission' && status === 'pending';
  const moves = awaitingBalance ? [] : allowedMoves(status);
  const closing = moves.find((to) => returnsMoney(status, to)) ?? (moves.includes('cancelled') ? 'cancelled' : undefined);

  async function move(change: Change, mutation = setStatus) {
    try {
      await mutation.mutateAsync({ id: order.id, ...change });
      notifications.show({
        title: 'Order updated',
        message: `Order #${order.id} is now ${statusLabel(change.status).toLowerCase()}.`,
        color: 'sage.7',
      });
      setConfirming(false);
      await Promise.all([utils.admin.orders.invalidate(), utils.admin.dashboard.invalidate()]);
    } catch (error) {
      notifications.show({
        title: 'Not updated',
        message: error instanceof Error ? error.message : 'Failed to update the order',
        color: 'red',
      });
    }
  }

  const refundLabel =
    closing && returnsMoney(status, closing)
      ? closing === 'cancelled'
        ? `Cancel and refund $${left}`
        : `Refund $${left}`
      : 'Cancel order';

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`order-${order.id}-status`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="md" id={`order-${order.id}-status`}>
            Status
          </Title>
          <Badge {...statusBadgeProps(status)}>{statusLabel(status)}</Badge>
        </Group>
        {order.carrier && (
          <Text size="sm">
            Shipped with {order.carrier}, tracking number{' '}
            {order.trackingUrl ? (
              <Anchor href={order.trackingUrl} target="_blank" rel="noreferrer" style={{ textDecoration: 'underline' }}>
                {order.trackingNumber}
              </Anchor>
            ) : (
              order.trackingNumber
            )}
          </Text>
        )}
        {moves.includes('shipped') && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void move({ status: 'shipped', carrier, trackingNumber: trackingNumber.trim() });
            }}
          >
            <Group align="flex-end" gap="xs" wrap="wrap">
              <NativeSelect
                label="Carrier"
                data={[...CARRIERS]}
                value={carrier}
                onChange={(event) => setCarrier(event.currentTarget.value as typeof carrier)}
                w={120}
              />
              <TextInput
                label="Tracking number"
                required
                value={trackingNumber}
                onChange={(event) => setTrackingNumber(event.currentTarget.value)}
                style={{ flex: 1, minWidth: 160 }}
              />
              <Button type="submit" loading={setStatus.isPending} disabled={trackingNumber.trim() === ''}>
                Mark as shipped
              </Button>
            </Group>
          </form>
        )}
        <Group gap="xs">
          {moves.includes('completed') && (
            <Button variant="light" onClick={() => void move({ status: 'completed' })} loading={setStatus.isPending}>
              Mark as paid
            </Button>
          )}
          {moves.includes('delivered') && (
            <Button variant="light" onClick={() => void move({ status: 'delivered' })} loading={setStatus.isPending}>
              Mark as delivered
            </Button>
          )}
          {closing && (
            <Button
              variant="outline"
              color="red.8"
              onClick={() => {
                setClosingKey(newIdempotencyKey());
                setConfirming(true);
              }}
            >
              {refundLabel}
            </Button>
          )}
          {awaitingBalance ? (
            <Text size="sm">
              A commission waiting for its balance: mark the piece ready, or cancel it with the deposit&apos;s refund, in the Commissions
              tab. Once the balance is paid it ships from here.
            </Text>
          ) : (
            moves.length === 0 && <Text size="sm">This order is closed: no further changes.</Text>
          )}
        </Group>
        {history.data && history.data.length > 0 && (
          <div>
            <Text size="sm" fw={600}>
              History
            </Text>
            <List size="sm" spacing={2}>
              {history.data.map((change) => (
                <List.Item key={`${change.changedAt}-${change.to}`}>
                  {formatDateTime(change.changedAt)}: {statusLabel(change.from)} to {statusLabel(change.to)}
                  {change.note ? ` (${change.note})` : ''}
                </List.Item>
              ))}
            </List>
          </div>
        )}
      </Stack>
      {closing && (
        <ConfirmDialog
          opened={confirming}
          title={refundLabel}
          message={
            returnsMoney(status, closing)
              ? `The customer gets $${left} back through ${order.paymentMethod === 'paypal' ? 'PayPal' : 'Square'}, the stock is put back, and they are emailed. This cannot be undone.`
              : 'The order is cancelled. This cannot be undone.'
          }
          confirmLabel={refundLabel}
          busy={close.isPending}
          onConfirm={() => void move({ status: closing }, close)}
          onCancel={() => setConfirming(false)}
        />
      )}
    </Paper>
  );
}
