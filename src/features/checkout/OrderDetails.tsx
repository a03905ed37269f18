import { Badge, Divider, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { PROCESSING_TEXT, SHIPS_WITHIN_TEXT } from '../../../server/domain/delivery-times';
import { formatCents, lineCents } from '../../../server/domain/money';
import { formatOrderNumber } from '../../../server/domain/order-number';
import { orderStatusLabel } from '../../../server/domain/order-statuses';
import { lineKey } from '../cart';
import type { Order } from './order-request';

const PAYMENT_NAMES: Record<string, string> = { square: 'Credit Card', paypal: 'PayPal' };

/** Every field docs/product.md's order confirmation lists. */
export function OrderDetails({ order }: { order: Order }) {
  const date = new Date(order.createdAt).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  const address = order.shippingAddress;
  const fact = (label: string, value: React.ReactNode) => (
    <div>
      <Text fz="sm" c="gray.7">
        {label}
      </Text>
      <Text fw={600} component="div">
        {value}
      </Text>
    </div>
  );

  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          {fact('Order Number', formatOrderNumber(order.id))}
          {fact('Order Date', date)}
          {fact('Payment Method', PAYMENT_NAMES[order.paymentMethod] ?? order.paymentMethod)}
          {fact(
            'Status',
            <Badge color={order.status === 'completed' ? 'sage' : 'gray'} variant="light">
              {orderStatusLabel(order.status)}
            </Badge>,
          )}
        </SimpleGrid>
        {order.trackingNumber && (
          <Text mt="md">
            Shipped with {order.carrier}, tracking number{' '}
            {order.trackingUrl ? (
              <a href={order.trackingUrl} target="_blank" rel="noreferrer">
                {order.trackingNumber}
              </a>
            ) : (
              order.trackingNumber
            )}
          </Text>
        )}
        <Divider my="md" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <div>
            <Title order={2} fz="h4" mb={6}>
              Customer
            </Title>
            <Text>{order.customerName}</Text>
            <Text>{order.customerEmail}</Text>
          </div>
          <div>
            <Title order={2} fz="h4" mb={6}>
              Shipping Address
            </Title>
            <Text>{address.address}</Text>
            <Text>{address.city}</Text>
            <Text>{`${address.state} ${address.zipCode}`}</Text>
            <Text>{address.phone}</Text>
          </div>
        </SimpleGrid>
      </Paper>

      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Title order={2} fz="h4" mb="sm">
          Items Ordered
        </Title>
        <Table.ScrollContainer minWidth={320}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right">Line total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.items.map((item) => (
                <Table.Tr key={lineKey({ id: item.productId, variantId: item.variantId })}>
                  <Table.Td>
                    {item.name}
                    {/* D38: the variant as it was sold, under the product's name. */}
                    {item.variant !== undefined && (
                      <Text fz="sm" c="gray.7">
                        {item.variant}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{item.quantity}</Table.Td>
                  <Table.Td ta="right">${formatCents(lineCents(item.price, item.quantity))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Stack gap={4} mt="md" maw={280} ml="auto">
          {[
            ['Subtotal', `$${order.subtotal}`],
            // D40: the code the order used and what it took off.
            ...(order.discountCode ? [[`Discount (${order.discountCode})`, `−$${order.discount}`]] : []),
            ['Shipping', `$${order.shipping}`],
            ['Tax', `$${order.tax}`],
          ].map(([label, value]) => (
            <Group key={label} justify="space-between">
              <Text>{label}</Text>
              <Text>{value}</Text>
            </Group>
          ))}
          <Group justify="space-between">
            <Text fw={700} fz="lg">
              Total
            </Text>
            <Text fw={700} fz="lg">
              ${order.total}
            </Text>
          </Group>
        </Stack>
      </Paper>

      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Title order={2} fz="h4" mb="sm">
          What Happens Next?
        </Title>
        <List spacing={6}>
          <List.Item>You will receive an email confirmation at {order.customerEmail} shortly.</List.Item>
          <List.Item>Our woodturners begin crafting and preparing your pieces.</List.Item>
          <List.Item>We will email you shipping updates and tracking once your order ships.</List.Item>
          <List.Item>{PROCESSING_TEXT}</List.Item>
          <List.Item>{SHIPS_WITHIN_TEXT}</List.Item>
        </List>
      </Paper>
    </Stack>
  );
}
