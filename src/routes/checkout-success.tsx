import { Anchor, Button, Container, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useCart } from '../features/cart/CartProvider';
import { finishOrder, paymentErrorOf, takePendingPayPal } from '../features/checkout/finish-order';
import { usePageMeta } from '../lib/page-meta';
import { trpc } from '../lib/trpc';

/**
 * SPEC.md section 2's payment success page. Coming back from PayPal's approval page (?token=<PayPal order>),
 * it first captures the payment and places the order, then goes to the confirmation.
 */
export default function CheckoutSuccessPage() {
  usePageMeta('Payment Successful!', 'Your payment went through and your order is being prepared.');
  const search: Record<string, unknown> = useSearch({ strict: false });
  const token = typeof search.token === 'string' ? search.token : undefined;
  const cart = useCart();
  const navigate = useNavigate();
  const { client } = trpc.useUtils();
  const [finishing, setFinishing] = useState(token !== undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const pending = token ? takePendingPayPal(token) : null;
    if (!pending) {
      cart.clear();
      // eslint-disable-next-line react-hooks/set-state-in-effect -- only an effect may take the pending payment out of sessionStorage
      setFinishing(false);
      return;
    }
    void (async () => {
      try {
        const capture = await client.payments.capturePayPalOrder.mutate({ id: pending.paypalOrderId });
        const payment = { method: 'paypal' as const, paypalOrderId: pending.paypalOrderId, paypalCaptureId: capture.id };
        const failure = await finishOrder(client, pending.form, pending.quote, payment, {
          clearCart: cart.clear,
          goTo: (href) => void navigate({ href }),
        });
        if (failure) setProblem(failure);
      } catch (error) {
        setProblem(paymentErrorOf(error, 'paypal').message);
      }
      setFinishing(false);
    })();
  }, [token, cart, client, navigate]);

  if (finishing) {
    return (
      <Container size="sm" py={64}>
        <Stack align="center" role="status">
          <Loader />
          <Text>Completing your PayPal payment...</Text>
        </Stack>
      </Container>
    );
  }
  if (problem) {
    return (
      <Container size="sm" py={64}>
        <Stack align="center" gap="md" ta="center">
          <Title order={1}>We could not complete your order</Title>
          <Text role="alert">{problem}</Text>
          <Button component={Link} to="/checkout">
            Return to Checkout
          </Button>
        </Stack>
      </Container>
    );
  }
  return (
    <Container size="sm" py={64}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>Payment Successful!</Title>
        <Text>Thank you for your purchase. A confirmation email will arrive soon.</Text>
        <List ta="left" spacing={6}>
          <List.Item>Crafting typically takes 5-7 business days.</List.Item>
          <List.Item>We will send you tracking information once your order ships.</List.Item>
        </List>
        <Group justify="center">
          <Button component={Link} to="/shop">
            Continue Shopping
          </Button>
          <Button component={Link} to="/blog" variant="outline">
            Read Our Blog
          </Button>
        </Group>
        <Text fz="sm">
          Questions about your order?{' '}
          <Anchor component={Link} to="/contact">
            Contact us
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
