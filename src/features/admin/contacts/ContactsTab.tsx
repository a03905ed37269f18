import { Alert, Anchor, Badge, Button, Group, Pagination, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { subjectLabel } from '../../../../server/domain/subjects';
import { trpc } from '../../../lib/trpc';
import { formatDateTime } from '../format';
import type { AdminContact } from '../types';

function ContactCard({ contact }: { contact: AdminContact }) {
  const utils = trpc.useUtils();
  const setStatus = trpc.admin.contacts.setStatus.useMutation();
  const read = contact.status === 'read';
  const name = `${contact.firstName} ${contact.lastName}`;

  async function toggle() {
    try {
      await setStatus.mutateAsync({ id: contact.id, status: read ? 'new' : 'read' });
      await utils.admin.contacts.invalidate();
    } catch {
      notifications.show({ title: 'Error', message: 'Failed to update the message', color: 'red' });
    }
  }

  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Message from ${name}`} bg={read ? undefined : 'walnut.0'}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div>
          <Text fw={700}>{name}</Text>
          <Anchor href={`mailto:${contact.email}`} size="sm">
            {contact.email}
          </Anchor>
        </div>
        <Group gap="xs">
          {/* docs/product.md: read is highlighted; the unread value is shown as 'New'. */}
          <Badge color={read ? 'sage.7' : 'walnut.7'} variant={read ? 'filled' : 'outline'}>
            {read ? 'Read' : 'New'}
          </Badge>
          <Text size="sm" c="dimmed">
            {formatDateTime(contact.createdAt)}
          </Text>
        </Group>
      </Group>
      <Text fw={600} mt="sm">
        {subjectLabel(contact.subject)}
      </Text>
      <Text mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {contact.message}
      </Text>
      <Group justify="flex-end" mt="sm">
        <Button
          size="xs"
          variant="light"
          onClick={() => void toggle()}
          loading={setStatus.isPending}
          aria-label={`Mark the message from ${name} as ${read ? 'unread' : 'read'}`}
        >
          {read ? 'Mark as unread' : 'Mark as read'}
        </Button>
      </Group>
    </Paper>
  );
}

const PAGE_SIZE = 20;

/** The owner's inbox, a page at a time from the server, all messages or the unread ones. */
export function ContactsTab() {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(1);
  const contacts = trpc.admin.contacts.page.useQuery(
    { page, pageSize: PAGE_SIZE, unread: unreadOnly ? 'true' : 'false' },
    { placeholderData: (previous) => previous },
  );
  const pages = Math.max(1, Math.ceil((contacts.data?.total ?? 0) / PAGE_SIZE));
  return (
    <>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} fz="h2">
          Contact Messages
        </Title>
        <SegmentedControl
          aria-label="Show messages"
          value={unreadOnly ? 'unread' : 'all'}
          onChange={(value) => {
            setUnreadOnly(value === 'unread');
            setPage(1);
          }}
          data={[
            { value: 'all', label: 'All' },
            { value: 'unread', label: `Unread (${contacts.data?.unread ?? 0})` },
          ]}
        />
      </Group>
      {contacts.isError && <Alert color="red">The messages could not be loaded. Please reload the page.</Alert>}
      {contacts.isPending && <Skeleton height={160} />}
      {contacts.data?.total === 0 && (
        <Text c="gray.7" ta="center" py="xl">
          {unreadOnly ? 'No unread messages.' : 'No messages yet.'}
        </Text>
      )}
      <Stack>
        {contacts.data?.contacts.map((contact) => (
          <ContactCard key={contact.id} contact={contact} />
        ))}
      </Stack>
      {pages > 1 && (
        <Group justify="center" mt="md">
          <Pagination total={pages} value={page} onChange={setPage} getControlProps={(control) => ({ 'aria-label': `${control} page` })} />
        </Group>
      )}
    </>
  );
}
