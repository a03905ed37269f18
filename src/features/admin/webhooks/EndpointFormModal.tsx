import { Button, Checkbox, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../../server/domain/webhook-events';
import { trpc } from '../../../lib/trpc';
import { modalStyles } from '../modal-styles';
import type { AdminWebhookEndpoint } from '../types';

/** The server's 400 names the field ('url: must start with https://...'): shown beside that field. */
function fieldErrors(error: unknown): { url?: string; events?: string; other?: string } {
  const message = error instanceof Error ? error.message : 'The endpoint was not saved. Please try again.';
  const found: { url?: string; events?: string; other?: string } = {};
  for (const part of message.split('; ')) {
    const [, field, text] = /^(url|events)(?:\.\d+)?: (.*)$/.exec(part) ?? [];
    if (field === 'url' || field === 'events') found[field] = `${field === 'url' ? 'The URL' : 'Events'} ${text}`;
    else found.other = part;
  }
  return found;
}

/** 'Add endpoint' / 'Edit endpoint': the URL, the events it hears of, enabled or not. A fresh form at every opening. */
export function EndpointFormModal(props: {
  opened: boolean;
  formKey: number;
  endpoint?: AdminWebhookEndpoint;
  onClose: () => void;
  onCreated: (created: { url: string; secret: string }) => void;
}) {
  return (
    <Modal
      styles={modalStyles}
      opened={props.opened}
      onClose={props.onClose}
      title={props.endpoint ? 'Edit endpoint' : 'Add endpoint'}
      size="lg"
    >
      <EndpointForm key={props.formKey} {...props} />
    </Modal>
  );
}

function EndpointForm({ endpoint, onClose, onCreated }: Parameters<typeof EndpointFormModal>[0]) {
  const utils = trpc.useUtils();
  const create = trpc.admin.webhooks.create.useMutation();
  const update = trpc.admin.webhooks.update.useMutation();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? ['order.created']);
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const [errors, setErrors] = useState<ReturnType<typeof fieldErrors>>({});
  const saving = create.isPending || update.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!url.trim()) return setErrors({ url: 'The URL is required' });
    if (events.length === 0) return setErrors({ events: 'Choose at least one event' });
    setErrors({});
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, url, events, enabled });
      } else {
        const created = await create.mutateAsync({ url, events, enabled });
        onCreated({ url: created.url, secret: created.secret });
      }
      await utils.admin.webhooks.endpoints.invalidate();
      onClose();
    } catch (error) {
      setErrors(fieldErrors(error));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <TextInput
          label="Endpoint URL"
          description="Where the shop POSTs each event; https:// in production"
          placeholder="https://hooks.example.com/turnery"
          type="url"
          required
          value={url}
          error={errors.url}
          onChange={(event) => setUrl(event.currentTarget.value)}
        />
        <Checkbox.Group
          label="Events"
          description="What this endpoint hears of"
          required
          value={events}
          error={errors.events}
          onChange={setEvents}
        >
          <Stack gap="xs" mt="xs">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={type} description={WEBHOOK_EVENT_DESCRIPTIONS[type]} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Switch label="Enabled" checked={enabled} onChange={(event) => setEnabled(event.currentTarget.checked)} />
        {errors.other && (
          <Text c="red.9" size="sm" role="alert">
            {errors.other}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {endpoint ? 'Save endpoint' : 'Add endpoint'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
