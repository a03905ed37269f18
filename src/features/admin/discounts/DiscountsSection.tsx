import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { ConfirmDialog } from '../ConfirmDialog';
import { DiscountFormModal, type AdminDiscount } from './DiscountFormModal';

const STATUS: Record<AdminDiscount['status'], { label: string; color: string }> = {
  active: { label: 'Active', color: 'sage.8' },
  scheduled: { label: 'Scheduled', color: 'blue.8' },
  paused: { label: 'Paused', color: 'gray.7' },
  expired: { label: 'Expired', color: 'gray.7' },
  used_up: { label: 'Used up', color: 'gray.7' },
};

const gives = (discount: AdminDiscount) =>
  discount.kind === 'percentage'
    ? `${Number(discount.value)}% off`
    : discount.kind === 'fixed'
      ? `$${discount.value} off`
      : 'Free shipping';

function DiscountCard({ discount, onEdit, onDelete }: { discount: AdminDiscount; onEdit: () => void; onDelete: () => void }) {
  const utils = trpc.useUtils();
  const update = trpc.admin.discounts.update.useMutation({ onSuccess: () => utils.admin.discounts.list.invalidate() });
  const status = STATUS[discount.status];
  const conditions = [
    discount.minimumSubtotal && `orders from $${discount.minimumSubtotal}`,
    discount.endsAt && `until ${new Date(discount.endsAt).toLocaleString()}`,
    discount.oncePerEmail && 'once per customer',
  ].filter(Boolean);
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Discount code ${discount.code}`}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {discount.code}
          </Text>
          <Text size="sm">
            {gives(discount)}
            {conditions.length > 0 && `, ${conditions.join(', ')}`}
          </Text>
          <Text size="sm" c="gray.7">
            Used {discount.uses}
            {discount.usageLimit !== null && ` of ${discount.usageLimit}`} times, ${discount.givenAway} given away
          </Text>
        </div>
        <Badge color={status.color}>{status.label}</Badge>
      </Group>
      <Group gap="xs" mt="sm">
        <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit ${discount.code}`}>
          Edit
        </Button>
        <Button
          size="xs"
          variant="default"
          loading={update.isPending}
          onClick={() => update.mutate({ id: discount.id, paused: !discount.paused })}
          aria-label={`${discount.paused ? 'Resume' : 'Pause'} ${discount.code}`}
        >
          {discount.paused ? 'Resume' : 'Pause'}
        </Button>
        <Button size="xs" variant="outline" color="red.8" onClick={onDelete} aria-label={`Delete ${discount.code}`}>
          Delete
        </Button>
      </Group>
    </Paper>
  );
}

/** The owner's discount codes (D40): each with its status, uses and the money it gave away; create, edit, pause, delete. */
export function DiscountsSection() {
  const utils = trpc.useUtils();
  const discounts = trpc.admin.discounts.list.useQuery();
  const remove = trpc.admin.discounts.remove.useMutation();
  const [form, setForm] = useState<{ opened: boolean; key: number; discount?: AdminDiscount }>({ opened: false, key: 0 });
  const [deleting, setDeleting] = useState<AdminDiscount | null>(null);

  async function deleteCode(discount: AdminDiscount) {
    try {
      const { archived } = await remove.mutateAsync({ id: discount.id });
      notifications.show({
        title: 'Code deleted',
        message: archived ? `${discount.code} no longer works; its orders keep it.` : `${discount.code} is gone.`,
        color: 'sage.7',
      });
      await utils.admin.discounts.list.invalidate();
    } catch (error) {
      notifications.show({ title: 'Error', message: error instanceof Error ? error.message : 'Failed to delete', color: 'red' });
    } finally {
      setDeleting(null);
    }
  }

  return (
    <>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} fz="h2">
          Discounts
        </Title>
        <Button onClick={() => setForm((open) => ({ opened: true, key: open.key + 1 }))}>New discount code</Button>
      </Group>
      {discounts.isError && <Alert color="red">The codes could not be loaded. Please reload the page.</Alert>}
      {discounts.isPending && <Skeleton height={120} />}
      {discounts.data?.length === 0 && (
        <Text c="gray.7" ta="center" py="xl">
          No discount codes yet.
        </Text>
      )}
      <Stack>
        {discounts.data?.map((discount) => (
          <DiscountCard
            key={discount.id}
            discount={discount}
            onEdit={() => setForm((open) => ({ opened: true, key: open.key + 1, discount }))}
            onDelete={() => setDeleting(discount)}
          />
        ))}
      </Stack>
      <DiscountFormModal
        opened={form.opened}
        formKey={form.key}
        discount={form.discount}
        onClose={() => setForm((open) => ({ ...open, opened: false }))}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete discount code"
        message={`Delete ${deleting?.code ?? ''}? Buyers can no longer use it; orders that used it keep it.`}
        confirmLabel="Delete code"
        busy={remove.isPending}
        onConfirm={() => deleting && void deleteCode(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
