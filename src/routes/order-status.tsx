import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { getRouteApi, Link } from '@tanstack/react-router';
import { OrderDetails } from '../features/checkout/OrderDetails';
import { OrderLoading, OrderNotFound } from '../features/checkout/OrderPageStates';
import { usePageMeta } from '../lib/page-meta';
import { trpc } from '../lib/trpc';

const orderRoute = getRouteApi('/orders/$token');

/** The order behind the link of its emails: opens on any device, without the cookie of the browser that ordered. */
export default function OrderStatusPage() {
  usePageMeta('Your Order', 'The status and details of your Turnery order.');
  const { token } = orderRoute.useParams();
  const order = trpc.orders.byLink.useQuery({ token }, { retry: false });

  if (order.isPending) return <OrderLoading />;
  if (!order.data) {
    // The server answers the same for a made-up link and an expired one (server/http/order-links.ts: 180 days).
    return (
      <OrderNotFound
        message={
          'This order link is not valid, or it has expired: a link opens its order for 180 days. Please use the link from ' +
          'your most recent order email, or contact us about an older order.'
        }
      />
    );
  }
  return (
    <Container size="md" py="xl">
      <Stack gap="xs" mb="lg" align="center" ta="center">
        <Title order={1}>Your Order</Title>
        <Text c="gray.7">Thank you for shopping with Turnery. Here is where your order stands.</Text>
      </Stack>
      <OrderDetails order={order.data} />
      <Group justify="center" mt="xl">
        <Button component={Link} to="/shop">
          Continue Shopping
        </Button>
        <Button component={Link} to="/contact" variant="outline">
          Contact Us
        </Button>
      </Group>
    </Container>
  );
}
