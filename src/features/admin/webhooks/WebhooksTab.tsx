import { Alert, Anchor, Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { ConfirmDialog } from '../ConfirmDialog';
import { modalStyles } from '../modal-styles';
import type { AdminWebhookEndpoint as Endpoint } from '../types';
import { DeliveryList } from './DeliveryList';
import { EndpointFormModal } from './EndpointFormModal';
import { SecretValue, SigningSecret } from './SigningSecret';

function EndpointCard({ endpoint, onEdit, onDelete }: { endpoint: Endpoint; onEdit: () => void; onDelete: () => void }) {
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Endpoint ${endpoint.url}`}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div style={{ minWidth: 0, flex: '1 1 18rem' }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Text>
          <Text size="sm" c="gray.7">
            {endpoint.events.join(', ')}
          </Text>
        </div>
        <Badge color={endpoint.enabled ? 'sage.7' : 'gray.7'}>{endpoint.enabled ? 'Enabled' : 'Disabled'}</Badge>
      </Group>
      <Group gap="xs" mt="sm">
        <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit endpoint ${endpoint.url}`}>
          Edit
        </Button>
        <Button size="xs" variant="outline" color="red.8" onClick={onDelete} aria-label={`Delete endpoint ${endpoint.url}`}>
          Delete
        </Button>
      </Group>
      <Stack gap="xs" mt="sm">
        <SigningSecret endpointId={endpoint.id} url={endpoint.url} />
        <Title order={2} fz="sm" mt="xs">
          Recent deliveries
        </Title>
        <DeliveryList endpointId={endpoint.id} />
      </Stack>
    </Paper>
  );
}

/** The owner's webhooks: endpoints that hear of orders and messages as they happen, and what was sent to each. */
export function WebhooksTab() {
  const utils = trpc.useUtils();
  const endpoints = trpc.admin.webhooks.endpoints.useQuery();
  const remove = trpc.admin.webhooks.delete.useMutation();
  const [form, setForm] = useState<{ opened: boolean; key: number; endpoint?: Endpoint }>({ opened: false, key: 0 });
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const [deleting, setDeleting] = useState<Endpoint | null>(null);

  async function deleteEndpoint(endpoint: Endpoint) {
    try {
      await remove.mutateAsync({ id: endpoint.id });
      notifications.show({ title: 'Endpoint deleted', message: `Nothing more will be sent to ${endpoint.url}.`, color: 'sage.7' });
      await utils.admin.webhooks.endpoints.invalidate();
    } catch (error) {
      notifications.show({ title: 'Error', message: error instanceof Error ? error.message : 'Failed to delete', color: 'red' });
    } finally {
      setDeleting(null);
    }
  }

  return (
    <>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={1} fz="h2">
          Webhooks
        </Title>
        <Button onClick={() => setForm((open) => ({ opened: true, key: open.key + 1 }))}>Add endpoint</Button>
      </Group>
      <Text size="sm" c="gray.7" mb="md">
        The shop POSTs a signed JSON event to each endpoint when an order is placed or changes status, or a message arrives, and tries again
        for about 8 hours until it answers 2xx.{' '}
        <Anchor href="/api/docs#section/Webhooks" style={{ textDecoration: 'underline' }}>
          How to verify a delivery
        </Anchor>
      </Text>
      {endpoints.isError && <Alert color="red">The endpoints could not be loaded. Please reload the page.</Alert>}
      {endpoints.isPending && <Skeleton height={160} />}
      {endpoints.data?.length === 0 && (
        <Text c="gray.7" ta="center" py="xl">
          No endpoints yet. Add one to hear of new orders without polling.
        </Text>
      )}
      <Stack>
        {endpoints.data?.map((endpoint) => (
          <EndpointCard
            key={endpoint.id}
            endpoint={endpoint}
            onEdit={() => setForm((open) => ({ opened: true, key: open.key + 1, endpoint }))}
            onDelete={() => setDeleting(endpoint)}
          />
        ))}
      </Stack>
      <EndpointFormModal
        opened={form.opened}
        formKey={form.key}
        endpoint={form.endpoint}
        onClose={() => setForm((open) => ({ ...open, opened: false }))}
        onCreated={setCreated}
      />
      <Modal styles={modalStyles} opened={created !== null} onClose={() => setCreated(null)} title="Endpoint added" size="lg">
        {created && (
          <Stack>
            <Text style={{ overflowWrap: 'anywhere' }}>
              Every delivery to {created.url} is signed with this secret. Put it in your receiver to check the Turnery-Signature header;
              Reveal shows it again later.
            </Text>
            <SecretValue secret={created.secret} />
            <Group justify="flex-end">
              <Button onClick={() => setCreated(null)}>Done</Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete endpoint"
        message={`Delete ${deleting?.url ?? ''} and its delivery history? Nothing more will be sent to it.`}
        confirmLabel="Delete endpoint"
        busy={remove.isPending}
        onConfirm={() => deleting && void deleteEndpoint(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
