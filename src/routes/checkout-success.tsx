import { Anchor, Button, Container, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { useEffect, useRef, useState } from 'react';
import { CRAFTING_TEXT, SHIPS_WITHIN_TEXT } from '../../server/domain/delivery-times';
import { useCart } from '../features/cart/CartProvider';
import { describeFailure, paymentErrorOf } from '../features/checkout/finish-order';
import { storeLastOrderId } from '../features/checkout/last-order';
import { toast } from '../lib/toast';
import { usePageMeta } from '../lib/page-meta';
import { trpc } from '../lib/trpc';

/**
 * docs/product.md section 2's payment success page. Coming back from PayPal's approval page (?token=<PayPal order>), in
 * any tab or browser, it asks the server to complete the checkout the server kept (capture, order; again: the
 * same order), then clears the cart and shows the order. Without a token nothing was bought: the cart stays.
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
    if (started.current || !token) return;
    started.current = true;
    void (async () => {
      try {
        const order = await client.orders.completePayPal.mutate({ id: token });
        cart.clear();
        storeLastOrderId(order.id);
        toast('PayPal Payment Complete', 'Your payment has been successfully processed', 'success');
        await navigate({ href: `/order-confirmation?orderId=${order.id}`, replace: true });
      } catch (error) {
        // A payment PayPal refused, in docs/product.md's words for its code; anything else in the server's own words (an
        // unknown PayPal order changed nothing; an order that failed after the capture says the payment was refunded).
        const failure = describeFailure(error);
        const server = error instanceof TRPCClientError && !failure.code && error.data !== undefined;
        setProblem(server ? failure.detail : paymentErrorOf(error, 'paypal').message);
        setFinishing(false);
      }
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
          <List.Item>{CRAFTING_TEXT}</List.Item>
          <List.Item>{SHIPS_WITHIN_TEXT}</List.Item>
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
