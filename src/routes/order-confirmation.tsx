import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { takeLastOrderId } from '../features/checkout/last-order';
import { OrderDetails } from '../features/checkout/OrderDetails';
import { OrderLoading, OrderNotFound } from '../features/checkout/OrderPageStates';
import { usePageMeta } from '../lib/page-meta';
import { trpc } from '../lib/trpc';

function idFromSearch(search: Record<string, unknown>): number | null {
  const id = Number(search.orderId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export default function OrderConfirmationPage() {
  usePageMeta('Order Confirmation', 'The details of your Turnery order.');
  const search: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  // docs/product.md section 4: the query's orderId, else the stored last order id (used once), else home.
  const [orderId] = useState(() => idFromSearch(search) ?? takeLastOrderId());
  useEffect(() => {
    if (orderId === null) void navigate({ to: '/', replace: true });
  }, [orderId, navigate]);
  const order = trpc.orders.byId.useQuery({ id: orderId ?? 0 }, { enabled: orderId !== null });

  if (orderId === null) return <></>;
  if (order.isPending) return <OrderLoading />;
  if (!order.data) return <OrderNotFound message={"We couldn't find your order details."} />;
  return (
    <Container size="md" py="xl">
      <Stack gap="xs" mb="lg" align="center" ta="center">
        <Title order={1}>Order Confirmed!</Title>
        <Text c="gray.7">Thank you for your order. We're excited to craft it for you.</Text>
      </Stack>
      <OrderDetails order={order.data} />
      <Group justify="center" mt="xl">
        <Button component={Link} to="/">
          Continue Shopping
        </Button>
        <Button component={Link} to="/blog" variant="outline">
          Read Our Blog
        </Button>
      </Group>
    </Container>
  );
}
