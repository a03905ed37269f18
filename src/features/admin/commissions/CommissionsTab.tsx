import { Alert, Badge, Button, Group, NativeSelect, Skeleton, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { formatDate } from '../format';
import { ButtonLink } from '../links';
import { commissionBadgeProps, commissionStatusLabel, COMMISSION_STATUS_OPTIONS, type AdminCommission } from './commission-types';

const PAGE_SIZE = 20;

/** The owner's commissions, newest first, a page at a time: requests to quote, pieces in the workshop, balances due. */
export function CommissionsTab() {
  const [status, setStatus] = useState<AdminCommission['status'] | ''>('');
  const [page, setPage] = useState(1);
  const list = trpc.admin.commissions.list.useQuery(
    { page, pageSize: PAGE_SIZE, ...(status ? { status } : {}) },
    { placeholderData: (previous) => previous },
  );
  const rows = list.data ?? [];
  // The list's total travels in a header tRPC does not read: a full page means there may be another.
  const more = rows.length === PAGE_SIZE;

  return (
    <>
      <Group justify="space-between" mb="md" wrap="wrap" align="flex-end">
        <Title order={1} fz="h2">
          Commissions
        </Title>
        <NativeSelect
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as AdminCommission['status'] | '');
            setPage(1);
          }}
          data={[{ value: '', label: 'All statuses' }, ...COMMISSION_STATUS_OPTIONS]}
        />
      </Group>
      {list.isError && <Alert color="red">The commissions could not be loaded. Please reload the page.</Alert>}
      {list.isPending && <Skeleton height={160} />}
      {list.data && rows.length === 0 && (
        <Text c="gray.7" ta="center" py="xl">
          {page > 1 ? 'No more commissions.' : status ? 'No commissions with this status.' : 'No commission requests yet.'}
        </Text>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={680}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Number</Table.Th>
                <Table.Th>Buyer</Table.Th>
                <Table.Th>What for</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Requested</Table.Th>
                <Table.Th>Details</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((commission) => (
                <Table.Tr key={commission.id}>
                  <Table.Td>#{commission.id}</Table.Td>
                  <Table.Td>{commission.name}</Table.Td>
                  <Table.Td maw={280}>
                    <Text size="sm" lineClamp={2}>
                      {commission.purpose}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge {...commissionBadgeProps(commission.status)}>{commissionStatusLabel(commission.status)}</Badge>
                  </Table.Td>
                  <Table.Td>{formatDate(commission.createdAt)}</Table.Td>
                  <Table.Td>
                    {/* Its own page (/admin/commissions/12): back returns to this list. */}
                    <ButtonLink
                      to="/admin/commissions/$id"
                      params={{ id: String(commission.id) }}
                      size="xs"
                      variant="light"
                      aria-label={`View commission #${commission.id}`}
                    >
                      View
                    </ButtonLink>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
    </>
  );
}
