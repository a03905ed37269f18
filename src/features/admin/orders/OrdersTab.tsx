import { Alert, Badge, Button, Skeleton, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatPrice } from '../../../../server/domain/money';
import { trpc } from '../../../lib/trpc';
import { formatDate } from '../format';
import { OrderDetailsModal } from './OrderDetailsModal';
import { statusBadgeProps, statusLabel } from './status';

export function OrdersTab() {
  const orders = trpc.admin.orders.list.useQuery();
  const [openId, setOpenId] = useState<number | null>(null);
  const open = orders.data?.find((order) => order.id === openId);

  return (
    <>
      <Title order={2} fz="h3" mb="md">
        Orders
      </Title>
      {orders.isError && <Alert color="red">The orders could not be loaded. Please reload the page.</Alert>}
      {orders.isPending && <Skeleton height={160} />}
      {orders.data?.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          No orders yet.
        </Text>
      )}
      {orders.data && orders.data.length > 0 && (
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
              {orders.data.map((order) => (
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
      )}
      <OrderDetailsModal order={open} onClose={() => setOpenId(null)} />
    </>
  );
}
