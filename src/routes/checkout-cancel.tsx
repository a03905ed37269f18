import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { usePageMeta } from '../lib/page-meta';

export default function CheckoutCancelPage() {
  usePageMeta('Payment Cancelled', 'Your payment was cancelled and no charges were made.');
  return (
    <Container size="sm" py={64}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>Payment Cancelled</Title>
        <Text>Your payment was cancelled and no charges were made.</Text>
        <Text>Your cart is still saved, so you can pick up where you left off.</Text>
        <Group justify="center">
          <Button component={Link} to="/checkout">
            Return to Checkout
          </Button>
          <Button component={Link} to="/shop" variant="outline">
            Continue Shopping
          </Button>
        </Group>
        <Text fz="sm">
          Having trouble paying?{' '}
          <Anchor component={Link} to="/contact">
            Contact us
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
