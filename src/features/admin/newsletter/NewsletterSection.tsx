import { Alert, Badge, Button, Group, NativeSelect, Skeleton, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { ConfirmDialog } from '../ConfirmDialog';
import { formatDate } from '../format';
import type { AdminNewsletterSubscriber as Subscriber } from '../types';

const PAGE_SIZE = 25;
type Status = 'subscribed' | 'unsubscribed' | 'all';

/**
 * The newsletter's addresses (issue 46): search, subscribed or unsubscribed (with the date they left), a page at a
 * time, the current filter as CSV for the owner's mail tool, and one address removed behind a confirmation.
 */
export function NewsletterSection() {
  const utils = trpc.useUtils();
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 300);
  const [status, setStatus] = useState<Status>('all');
  const [page, setPage] = useState(1);
  const filter = { ...(search ? { search } : {}), status };
  const list = trpc.admin.newsletter.list.useQuery({ ...filter, page, pageSize: PAGE_SIZE }, { placeholderData: (previous) => previous });
  const remove = trpc.admin.newsletter.remove.useMutation();
  const [removing, setRemoving] = useState<Subscriber | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const rows = list.data ?? [];
  // The list's total travels in a header tRPC does not read: a full page means there may be another.
  const more = rows.length === PAGE_SIZE;
  const csvHref = `/api/admin/newsletter/subscribers.csv?${new URLSearchParams(filter).toString()}`;

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync({ id: removing.id });
      notifications.show({ title: 'Removed', message: `${removing.email} is off the list.`, color: 'sage.7' });
    } catch (error) {
      notifications.show({ title: 'Error', message: error instanceof Error ? error.message : 'The address was not removed', color: 'red' });
    } finally {
      setRemoving(null);
      await utils.admin.newsletter.list.invalidate();
      // The row's button is gone: the focus goes back to the top of the section rather than to the page's start.
      heading.current?.focus();
    }
  }

  return (
    <>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} fz="h2" ref={heading} tabIndex={-1}>
          Newsletter
        </Title>
        <Button component="a" href={csvHref} variant="default" size="sm" download>
          Export CSV
        </Button>
      </Group>
      <Text size="sm" c="gray.7" mb="md">
        Write your newsletter in your mail tool and import the CSV. Addresses that unsubscribed stay listed with the date, and are left out
        of the export unless you choose Unsubscribed.
      </Text>
      <Group mb="md" wrap="wrap" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Part of an address"
          type="search"
          maxLength={254}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 220px' }}
        />
        <NativeSelect
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as Status);
            setPage(1);
          }}
          data={[
            { value: 'all', label: 'All' },
            { value: 'subscribed', label: 'Subscribed' },
            { value: 'unsubscribed', label: 'Unsubscribed' },
          ]}
        />
      </Group>
      {list.isError && <Alert color="red">The list could not be loaded. Please reload the page.</Alert>}
      {list.isPending && <Skeleton height={160} />}
      {list.data && rows.length === 0 && (
        <Text c="gray.7" ta="center" py="xl">
          {page > 1 ? 'No more addresses.' : search || status !== 'all' ? 'No addresses match.' : 'No one has signed up yet.'}
        </Text>
      )}
      {rows.length > 0 && (
        // Two columns and a button: it fits a phone's width without scrolling sideways; a long address wraps.
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>
                <span className="visually-hidden">Actions</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((subscriber) => (
              <Table.Tr key={subscriber.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {subscriber.email}
                  <Text size="xs" c="gray.7">
                    Signed up {formatDate(subscriber.subscribedAt)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {subscriber.unsubscribedAt ? (
                    <>
                      <Badge color="gray.7" tt="none" styles={{ label: { overflow: 'visible' } }}>
                        Unsubscribed
                      </Badge>
                      <Text size="xs" c="gray.7">
                        {formatDate(subscriber.unsubscribedAt)}
                      </Text>
                    </>
                  ) : (
                    <Badge color="sage.7" tt="none" styles={{ label: { overflow: 'visible' } }}>
                      Subscribed
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="outline"
                    color="red.8"
                    onClick={() => setRemoving(subscriber)}
                    aria-label={`Remove ${subscriber.email}`}
                  >
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
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
      <ConfirmDialog
        opened={removing !== null}
        title="Remove this address?"
        message={`${removing?.email ?? ''} will be taken off the list. They can sign up again themselves.`}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
