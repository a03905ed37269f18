import { Button, Center, Container, Divider, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { getRouteApi, Navigate } from '@tanstack/react-router';
import { formatOrderNumber } from '../../server/domain/order-number';
import { itemName } from '../features/admin/format';
import { useAdminSession } from '../features/admin/use-admin-session';
import { usePageMeta } from '../lib/page-meta';
import { trpc } from '../lib/trpc';

const slipRoute = getRouteApi('/admin/packing-slip/$id');

/** A printable packing slip for the box: who it goes to and what is in it, no prices. Owner only. */
export default function PackingSlipPage() {
  usePageMeta('Packing Slip', 'A packing slip for an order.');
  const session = useAdminSession();
  const { id } = slipRoute.useParams();
  const orderId = Number(id);
  const order = trpc.admin.orders.byId.useQuery(
    { id: orderId },
    { enabled: session === 'authenticated' && Number.isInteger(orderId) && orderId > 0 },
  );
  if (session === 'unauthenticated') return <Navigate to="/admin-login" replace />;
  if (session === 'checking' || order.isPending) {
    return (
      <Center py={120} role="status">
        <Loader aria-label="Loading the packing slip" />
      </Center>
    );
  }
  if (!order.data) {
    return (
      <Container size="sm" py="xl">
        <Title order={1}>Order not found</Title>
      </Container>
    );
  }
  const o = order.data;
  const address = o.shippingAddress;
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1}>Packing slip</Title>
            <Text>
              Order {formatOrderNumber(o.id)}, placed{' '}
              {new Date(o.createdAt).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })}
            </Text>
          </div>
          <Button className="no-print" onClick={() => window.print()}>
            Print
          </Button>
        </Group>
        <div>
          <Title order={2} fz="h4">
            Ship to
          </Title>
          <Text>{o.customerName}</Text>
          <Text>{address.address}</Text>
          <Text>
            {address.city}, {address.state} {address.zipCode}
          </Text>
          <Text>{address.phone}</Text>
        </div>
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>Quantity</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {o.items.map((item) => (
              <Table.Tr key={`${item.productId}-${item.variantId ?? ''}`}>
                <Table.Td>{itemName(item)}</Table.Td>
                <Table.Td>{item.quantity}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Divider />
        <Text>Thank you for supporting a small workshop. Each piece was turned by hand; questions are welcome at any time.</Text>
        <Text fw={700}>Turnery</Text>
      </Stack>
    </Container>
  );
}
