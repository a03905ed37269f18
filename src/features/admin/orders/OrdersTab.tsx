import { Alert, Badge, Button, Group, NativeSelect, Pagination, Skeleton, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { formatPrice } from '../../../../server/domain/money';
import { trpc } from '../../../lib/trpc';
import { formatDate } from '../format';
import { OrderDetailsModal } from './OrderDetailsModal';
import { ORDER_STATUSES, statusBadgeProps, statusLabel } from './status';

const PAGE_SIZE = 25;
const SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'total-desc', label: 'Total: high to low' },
  { value: 'total-asc', label: 'Total: low to high' },
] as const;
type Sort = (typeof SORTS)[number]['value'];
type Status = (typeof ORDER_STATUSES)[number];

/** The owner's orders, a page at a time from the server: search, status filter, sort, CSV of the current filter. */
export function OrdersTab() {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 300);
  const [status, setStatus] = useState<Status | ''>('');
  const [sort, setSort] = useState<Sort>('newest');
  const [page, setPage] = useState(1);
  const filter = { ...(search ? { search } : {}), ...(status ? { status } : {}), sort };
  const orders = trpc.admin.orders.page.useQuery({ ...filter, page, pageSize: PAGE_SIZE }, { placeholderData: (previous) => previous });
  const [openId, setOpenId] = useState<number | null>(null);
  const open = orders.data?.orders.find((order) => order.id === openId);
  const pages = Math.max(1, Math.ceil((orders.data?.total ?? 0) / PAGE_SIZE));
  const csvHref = `/api/admin/orders.csv?${new URLSearchParams(filter).toString()}`;

  return (
    <>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} fz="h2">
          Orders
        </Title>
        <Button component="a" href={csvHref} variant="default" size="sm" download>
          Export CSV
        </Button>
      </Group>
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <TextInput
          label="Search orders"
          placeholder="Number, email or name"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: 1, minWidth: 200 }}
        />
        <NativeSelect
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as Status | '');
            setPage(1);
          }}
          data={[{ value: '', label: 'All statuses' }, ...ORDER_STATUSES.map((value) => ({ value, label: statusLabel(value) }))]}
        />
        <NativeSelect label="Sort by" value={sort} onChange={(event) => setSort(event.currentTarget.value as Sort)} data={[...SORTS]} />
      </Group>
      {orders.isError && <Alert color="red">The orders could not be loaded. Please reload the page.</Alert>}
      {orders.isPending && <Skeleton height={160} />}
      {orders.data?.total === 0 && (
        <Text c="gray.7" ta="center" py="xl">
          {search || status ? 'No orders match.' : 'No orders yet.'}
        </Text>
      )}
      {orders.data && orders.data.total > 0 && (
        <>
          <Text size="sm" c="gray.7" mb="xs" role="status">
            {orders.data.total === 1 ? '1 order' : `${orders.data.total} orders`}
          </Text>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Order ID</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Total</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Details</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orders.data.orders.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Td>#{order.id}</Table.Td>
                    <Table.Td>{order.customerName}</Table.Td>
                    <Table.Td>{formatPrice(order.total)}</Table.Td>
                    <Table.Td>
                      <Badge {...statusBadgeProps(order.status)}>{statusLabel(order.status)}</Badge>
                    </Table.Td>
                    <Table.Td>{formatDate(order.createdAt)}</Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="light" aria-label={`View order #${order.id}`} onClick={() => setOpenId(order.id)}>
                        View
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 && (
            <Group justify="center" mt="md">
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            </Group>
          )}
        </>
      )}
      <OrderDetailsModal order={open} onClose={() => setOpenId(null)} />
    </>
  );
}
