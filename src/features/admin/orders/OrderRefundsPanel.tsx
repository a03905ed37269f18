import { Alert, Badge, Button, Group, List, Modal, NativeSelect, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { formatCents, toCents } from '../../../../server/domain/money';
import { formatOrderNumber } from '../../../../server/domain/order-number';
import { newIdempotencyKey, sendingIdempotencyKey } from '../../../lib/idempotency-key';
import { trpc } from '../../../lib/trpc';
import { formatDateTime, itemName } from '../format';
import { modalStyles } from '../modal-styles';
import type { AdminOrder, AdminOrderRefunds as OrderRefunds } from '../types';

/** The order's money (paid, refunded, left) and each refund, with the Refund action that opens the dialog. */
export function OrderRefundsPanel({ order }: { order: AdminOrder }) {
  const money = trpc.admin.orders.refunds.useQuery({ id: order.id });
  const [open, setOpen] = useState(false);
  const headingId = `order-${order.id}-refunds`;
  const left = money.data ? toCents(money.data.refundable) : 0;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="md" id={headingId}>
            Refunds
          </Title>
          <Button variant="outline" color="red.8" onClick={() => setOpen(true)} disabled={left <= 0}>
            Refund
          </Button>
        </Group>
        {money.isError && <Text size="sm">The refunds could not be loaded. Please reload the page.</Text>}
        {money.data && (
          <Text size="sm">
            Paid ${money.data.paid}, refunded ${money.data.refunded}, left to refund ${money.data.refundable}.
          </Text>
        )}
        {money.data && money.data.refunds.length > 0 && (
          <List size="sm" spacing={4} aria-label="Refunds of this order">
            {money.data.refunds.map((refund) => (
              <List.Item key={refund.id}>
                {formatDateTime(refund.createdAt)}: ${refund.amount}, {refund.reason}
                {refund.restock.length > 0 && ` (${restockText(order, refund.restock)} back in stock)`}
                {refund.status === 'pending' && (
                  <>
                    {' '}
                    <Badge color="yellow.9" variant="light" size="sm">
                      Pending
                    </Badge>{' '}
                    the provider has not confirmed it yet; the shop sends it again on its own
                  </>
                )}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
      {money.data && open && <RefundDialog order={order} money={money.data} onClose={() => setOpen(false)} />}
    </Paper>
  );
}

type RestockLine = { productId: number; variantId?: number; quantity: number };

/** An order line's key: its product, and its variant for a product with options (D38), which may be sold twice over. */
const lineKey = (line: { productId: number; variantId?: number }) => `${line.productId}:${line.variantId ?? ''}`;

function restockText(order: AdminOrder, lines: RestockLine[]) {
  return lines
    .map((line) => {
      const item = order.items.find((candidate) => lineKey(candidate) === lineKey(line));
      return `${line.quantity} × ${item ? itemName(item) : `product ${line.productId}`}`;
    })
    .join(', ');
}

/** How many units of each line can still go back in stock: sold, less what refunds (or a cancel) put back. */
function restockable(order: AdminOrder, money: OrderRefunds) {
  const back = new Map<string, number>();
  for (const refund of money.refunds)
    for (const line of refund.restock) back.set(lineKey(line), (back.get(lineKey(line)) ?? 0) + line.quantity);
  const closed = order.status === 'cancelled' || order.status === 'refunded';
  return order.items.map((item) => ({
    ...item,
    key: lineKey(item),
    max: closed ? 0 : Math.max(0, item.quantity - (back.get(lineKey(item)) ?? 0)),
  }));
}

function amountProblem(text: string, leftCents: number): string | null {
  let cents: number;
  try {
    cents = toCents(text.trim());
  } catch {
    return 'Enter an amount like 12.50';
  }
  if (cents <= 0) return 'Enter an amount above 0.00';
  if (cents > leftCents) return `At most $${formatCents(leftCents)} is left to refund`;
  return null;
}

/** Amount (what is left by default), reason, the lines to put back in stock, then one confirm. */
function RefundDialog({ order, money, onClose }: { order: AdminOrder; money: OrderRefunds; onClose: () => void }) {
  const utils = trpc.useUtils();
  // One key while the dialog is open (D36): a submit again after a lost answer answers the refund already made.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const refund = trpc.admin.orders.refund.useMutation(sendingIdempotencyKey(idempotencyKey));
  const leftCents = toCents(money.refundable);
  const lines = restockable(order, money);
  const [amount, setAmount] = useState(money.refundable);
  const [reason, setReason] = useState('');
  // Units to put back, by line key.
  const [restock, setRestock] = useState<Record<string, number>>({});
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; server?: string }>({});
  const amountError = amountProblem(amount, leftCents);
  const confirmLabel = amountError ? 'Refund' : `Refund $${formatCents(toCents(amount.trim()))}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = { amount: amountError ?? undefined, reason: reason.trim() === '' ? 'Say why, for the order’s history' : undefined };
    setErrors(found);
    if (found.amount || found.reason) return;
    try {
      const done = await refund.mutateAsync({
        id: order.id,
        amount: amount.trim(),
        reason: reason.trim(),
        restock: lines
          .filter((line) => (restock[line.key] ?? 0) > 0)
          .map((line) => ({
            productId: line.productId,
            ...(line.variantId === undefined ? {} : { variantId: line.variantId }),
            quantity: restock[line.key]!,
          })),
      });
      notifications.show({
        title: done.refund.status === 'refunded' ? 'Refunded' : 'Refund pending',
        message:
          done.refund.status === 'refunded'
            ? `$${done.refund.amount} went back to the customer.`
            : `$${done.refund.amount} is kept as a refund; the provider did not answer yet and the shop sends it again on its own. Do not refund it again.`,
        color: done.refund.status === 'refunded' ? 'sage.7' : 'yellow.9',
      });
      await Promise.all([utils.admin.orders.invalidate(), utils.admin.dashboard.invalidate(), utils.admin.products.invalidate()]);
      onClose();
    } catch (error) {
      setErrors({ server: error instanceof Error ? error.message : 'The refund was not made' });
    }
  }

  return (
    <Modal styles={modalStyles} opened onClose={onClose} title={`Refund order ${formatOrderNumber(order.id)}`} centered size="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <Text size="sm">
            Paid ${money.paid}; ${money.refundable} is left to refund through {order.paymentMethod === 'paypal' ? 'PayPal' : 'Square'}.
          </Text>
          {errors.server && (
            <Alert color="red" role="alert" title="Not refunded">
              {errors.server}
            </Alert>
          )}
          <TextInput
            label="Amount (USD)"
            description={`Up to $${money.refundable}`}
            required
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => {
              setAmount(event.currentTarget.value);
              setErrors({ ...errors, amount: undefined });
            }}
            error={errors.amount}
            data-autofocus
          />
          <Textarea
            label="Reason"
            description="Kept in the order’s history, and told to the customer in the refund’s email"
            required
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setErrors({ ...errors, reason: undefined });
            }}
            error={errors.reason}
          />
          {lines.some((line) => line.max > 0) && (
            <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
              <Text component="legend" fw={500} size="sm" mb={4}>
                Put back in stock (optional)
              </Text>
              <Stack gap="xs">
                {lines
                  .filter((line) => line.max > 0)
                  .map((line) => (
                    <NativeSelect
                      key={line.key}
                      label={`Units of ${itemName(line)}`}
                      data={Array.from({ length: line.max + 1 }, (_, units) => String(units))}
                      value={String(restock[line.key] ?? 0)}
                      onChange={(event) => setRestock({ ...restock, [line.key]: Number(event.currentTarget.value) })}
                    />
                  ))}
              </Stack>
            </fieldset>
          )}
          <Text size="sm">This cannot be undone.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={refund.isPending}>
              Cancel
            </Button>
            <Button type="submit" color="red.8" loading={refund.isPending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
