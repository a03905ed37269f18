import { Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** An order page while its order loads (the confirmation, and the page behind an order's emailed link). */
export function OrderLoading() {
  return (
    <Container size="md" py={64}>
      <Stack align="center" gap="sm" role="status">
        <Loader />
        <Text>Loading your order details...</Text>
      </Stack>
    </Container>
  );
}

/** An order page whose order is not there (or not this visitor's), saying why in `message`. */
export function OrderNotFound({ message }: { message: string }) {
  return (
    <Container size="sm" py={64}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>Order Not Found</Title>
        <Text>{message}</Text>
        <Button component={Link} to="/">
          Return to Home
        </Button>
      </Stack>
    </Container>
  );
}
