import { Alert, Anchor, Button, Container, Grid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useCart } from '../features/cart/CartProvider';
import { billingContactOf, EMPTY_FORM, paymentReady, type CheckoutForm } from '../features/checkout/checkout-form';
import { blockingProblems } from '../features/checkout/order-request';
import { OrderSummary } from '../features/checkout/OrderSummary';
import { PaymentSection } from '../features/checkout/PaymentSection';
import { ShippingForm } from '../features/checkout/ShippingForm';
import { staleVariantLine } from '../features/checkout/stale-line';
import { useCheckoutQuote } from '../features/checkout/useCheckoutQuote';
import { usePaymentFlow } from '../features/checkout/usePaymentFlow';
import { PaymentErrorDialog } from '../features/payment/PaymentErrorDialog';
import { usePageMeta } from '../lib/page-meta';

export default function CheckoutPage() {
  usePageMeta('Checkout', 'Enter your shipping details and pay for your handcrafted order.');
  const cart = useCart();
  const [form, setForm] = useState<CheckoutForm>(EMPTY_FORM);
  const [touched, setTouched] = useState<Partial<Record<keyof CheckoutForm, boolean>>>({});
  const { quote, failed, error, refresh, discount } = useCheckoutQuote(cart.items, form.state, form.zipCode);
  const stateChosen = form.state !== '';
  const amount = quote && stateChosen ? quote.total : undefined;
  const flow = usePaymentFlow(form, amount, refresh);

  if (cart.items.length === 0) {
    return (
      <Container size="sm" py={64}>
        <Stack align="center" gap="md">
          <Title order={1}>Checkout</Title>
          <Text fz="lg">Your cart is empty</Text>
          <Button component={Link} to="/shop">
            Continue Shopping
          </Button>
        </Stack>
      </Container>
    );
  }

  const blocking = blockingProblems(quote);
  const stale = staleVariantLine(error, cart.items);
  const priceChanges = quote?.problems.filter((problem) => problem.kind === 'price_changed') ?? [];

  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        Checkout
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ShippingForm
            form={form}
            touched={touched}
            onChange={(field, value) => setForm((current) => ({ ...current, [field]: value }))}
            onBlur={(field) => setTouched((current) => ({ ...current, [field]: true }))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <OrderSummary items={cart.items} quote={quote} stateChosen={stateChosen} discount={discount} />
            {stale ? (
              // D38: the product gained options (or lost this variant) since it went into the cart.
              <Alert color="red" title="Please update your cart" role="alert">
                {stale.name} has changed its options since you added it.{' '}
                <Anchor component={Link} to={`/product/${stale.id}`} c="red.9" fw={600} td="underline">
                  Choose again on its page
                </Anchor>{' '}
                and remove this one from your cart.
              </Alert>
            ) : (
              failed && (
                <Alert color="red" title="Prices unavailable">
                  We could not reach the shop to price your cart. Please reload the page.
                </Alert>
              )
            )}
            {blocking.length > 0 && (
              <Alert color="red" title="Please update your cart" role="alert">
                {blocking.map((problem) => problem.message).join('. ')}.
              </Alert>
            )}
            {priceChanges.length > 0 && (
              <Alert color="yellow" title="Prices changed">
                {priceChanges.map((problem) => problem.message).join('. ')}. The summary shows the current prices.
              </Alert>
            )}
            {flow.notice && (
              <Alert color="red" title="Your order was not placed" role="alert">
                {flow.notice}
              </Alert>
            )}
            <PaymentSection
              amount={amount}
              ready={paymentReady(form) && blocking.length === 0}
              busy={flow.busy}
              billing={billingContactOf(form)}
              method={flow.method}
              onMethodChange={flow.setMethod}
              onPayByCard={(source) => void flow.payByCard(source)}
              onPayWithPayPal={() => void flow.payWithPayPal()}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      <PaymentErrorDialog
        error={flow.dialogError}
        method={flow.method}
        onRetry={flow.closeDialog}
        onSwitchMethod={flow.switchMethod}
        onClose={flow.closeDialog}
      />
    </Container>
  );
}
