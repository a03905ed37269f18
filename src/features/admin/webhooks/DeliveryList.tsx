import { Badge, Box, Button, Group, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { WebhookDeliveryState } from '../../../../server/domain/webhook-events';
import { trpc } from '../../../lib/trpc';
import { formatDateTime } from '../format';
import type { AdminWebhookDelivery as Delivery } from '../types';

const PAGE_SIZE = 5;
// The list follows deliveries as they happen while the tab is open (the query pauses in a hidden browser tab).
const REFRESH_MS = 3000;
const STATE_BADGES: Record<WebhookDeliveryState, { label: string; color: string }> = {
  delivered: { label: 'Delivered', color: 'sage.7' },
  pending: { label: 'Pending', color: 'walnut.7' },
  failed: { label: 'Failed', color: 'red.8' },
};

function attemptsText(delivery: Delivery) {
  const parts = [delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`];
  if (delivery.lastStatus !== null) parts.push(`HTTP ${delivery.lastStatus}`);
  if (delivery.state === 'pending' && delivery.nextAttemptAt && delivery.attempts > 0)
    parts.push(`next try ${formatDateTime(delivery.nextAttemptAt)}`);
  return parts.join(' · ');
}

function DeliveryRow({ delivery }: { delivery: Delivery }) {
  const utils = trpc.useUtils();
  const resend = trpc.admin.webhooks.resend.useMutation();
  const badge = STATE_BADGES[delivery.state];

  async function sendAgain() {
    try {
      await resend.mutateAsync({ id: delivery.id });
      notifications.show({ title: 'Queued', message: `${delivery.eventType} ${delivery.eventId} will be sent again.`, color: 'sage.7' });
      await utils.admin.webhooks.deliveries.invalidate();
    } catch (error) {
      notifications.show({ title: 'Error', message: error instanceof Error ? error.message : 'Failed to send again', color: 'red' });
    }
  }

  return (
    <Box
      component="li"
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      aria-label={`Delivery of ${delivery.eventId}`}
    >
      <Group justify="space-between" align="flex-start" gap="xs">
        <div style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Group gap="xs">
            <Badge color={badge.color}>{badge.label}</Badge>
            <Text fw={600} size="sm">
              {delivery.eventType}
            </Text>
            <Text size="sm" c="gray.7">
              {formatDateTime(delivery.createdAt)}
            </Text>
          </Group>
          <Text size="xs" ff="monospace" mt={4} style={{ overflowWrap: 'anywhere' }}>
            {delivery.eventId}
          </Text>
          <Text size="sm" c="gray.7">
            {attemptsText(delivery)}
          </Text>
          {delivery.lastError && (
            <Text size="sm" c="red.9" style={{ overflowWrap: 'anywhere' }}>
              Last error: {delivery.lastError}
            </Text>
          )}
        </div>
        <Button
          size="xs"
          variant="light"
          onClick={() => void sendAgain()}
          loading={resend.isPending}
          aria-label={`Send again ${delivery.eventId}`}
        >
          Send again
        </Button>
      </Group>
    </Box>
  );
}

/** An endpoint's recent deliveries, newest first: what was sent, how it went, and 'Send again'. */
export function DeliveryList({ endpointId }: { endpointId: number }) {
  const [page, setPage] = useState(1);
  const deliveries = trpc.admin.webhooks.deliveries.useQuery({ endpointId, page, pageSize: PAGE_SIZE }, { refetchInterval: REFRESH_MS });
  const pages = Math.max(1, Math.ceil((deliveries.data?.total ?? 0) / PAGE_SIZE));

  if (deliveries.isPending) return <Skeleton height={60} />;
  if (deliveries.isError) return <Text c="red.9">The deliveries could not be loaded. Please reload the page.</Text>;
  if (deliveries.data.total === 0) {
    return (
      <Text size="sm" c="gray.7">
        Nothing sent yet.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Box component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {deliveries.data.deliveries.map((delivery) => (
          <DeliveryRow key={delivery.id} delivery={delivery} />
        ))}
      </Box>
      {pages > 1 && (
        <Pagination
          size="sm"
          total={pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': `${control} page of deliveries` })}
        />
      )}
    </Stack>
  );
}
