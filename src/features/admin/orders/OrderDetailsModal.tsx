import { Badge, Button, Group, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatOrderNumber } from '../../../../server/domain/order-number';
import { formatPrice, lineCents, formatCents } from '../../../../server/domain/money';
import { formatDateTime, itemName } from '../format';
import type { AdminOrder } from '../types';
import { OrderRefundsPanel } from './OrderRefundsPanel';
import { OrderStatusPanel } from './OrderStatusPanel';
import { statusBadgeProps, statusLabel } from './status';
import { modalStyles } from '../modal-styles';

function Address({ title, lines }: { title: string; lines: string[] }) {
  return (
    <div>
      <Title order={3} fz="md" mb={4}>
        {title}
      </Title>
      {lines.filter(Boolean).map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
    </div>
  );
}

/** One order in full (D18): items, addresses, payment ids, its status for the owner to move on, and its refunds. */
export function OrderDetailsModal({ order, onClose }: { order: AdminOrder | undefined; onClose: () => void }) {
  return (
    <Modal
      styles={modalStyles}
      opened={order !== undefined}
      onClose={onClose}
      title={order ? `Order ${formatOrderNumber(order.id)}` : 'Order'}
      size="42rem"
    >
      {order && (
        <Stack>
          <Group justify="space-between" align="flex-end">
            <div>
              <Text fw={600}>{order.customerName}</Text>
              <Text size="sm">{order.customerEmail}</Text>
              <Text size="sm" c="dimmed">
                Placed {formatDateTime(order.createdAt)}
              </Text>
            </div>
            <Button component="a" href={`/admin/packing-slip/${order.id}`} target="_blank" variant="default" size="xs">
              Packing slip
            </Button>
          </Group>
          <OrderStatusPanel order={order} />
          <OrderRefundsPanel order={order} />
          <Table.ScrollContainer minWidth={420}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Item</Table.Th>
                  <Table.Th>Price</Table.Th>
                  <Table.Th>Qty</Table.Th>
                  <Table.Th>Line total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {order.items.map((item) => (
                  <Table.Tr key={`${item.productId}-${item.variantId ?? ''}`}>
                    <Table.Td>{itemName(item)}</Table.Td>
                    <Table.Td>{formatPrice(item.price)}</Table.Td>
                    <Table.Td>{item.quantity}</Table.Td>
                    <Table.Td>${formatCents(lineCents(item.price, item.quantity))}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {(['subtotal', 'shipping', 'tax', 'total'] as const).map((key) => (
              <div key={key}>
                <Text size="sm" c="dimmed" tt="capitalize">
                  {key}
                </Text>
                <Text fw={key === 'total' ? 700 : 500}>{formatPrice(order[key])}</Text>
              </div>
            ))}
          </SimpleGrid>
          {order.discountCode && (
            <Text size="sm">
              Discount code <strong>{order.discountCode}</strong>: −{formatPrice(order.discount)} (the total is after it)
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Address
              title="Shipping address"
              lines={[
                order.shippingAddress.address,
                order.shippingAddress.city,
                `${order.shippingAddress.state} ${order.shippingAddress.zipCode}`,
                order.shippingAddress.phone,
              ]}
            />
            <Address
              title="Billing address"
              lines={[
                order.billingAddress.address,
                order.billingAddress.city,
                `${order.billingAddress.state} ${order.billingAddress.zipCode}`,
              ]}
            />
          </SimpleGrid>
          <div>
            <Title order={3} fz="md" mb={4}>
              Payment
            </Title>
            <Group gap="xs">
              <Badge {...statusBadgeProps(order.status)}>{statusLabel(order.status)}</Badge>
              <Text size="sm">{order.paymentMethod === 'paypal' ? 'PayPal' : 'Card (Square)'}</Text>
            </Group>
            {[
              ['PayPal order', order.paypalOrderId],
              ['PayPal capture', order.paypalCaptureId],
              ['Square payment', order.squarePaymentId],
            ]
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <Text key={label} size="sm" style={{ wordBreak: 'break-all' }}>
                  {label}: {value}
                </Text>
              ))}
          </div>
        </Stack>
      )}
    </Modal>
  );
}
