import { Alert, Button, Group, Loader, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { Suspense, useEffect, useRef, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { LazyCardForm, LazySquareCardForm, type CardBillingContact, type CardSource, type PaymentMethod } from '../payment';

/** docs/product.md section 2's 'Choose Payment Method': a card section (the default) and PayPal. */
export function PaymentSection({
  amount,
  ready,
  busy,
  billing,
  method,
  onMethodChange,
  onPayByCard,
  onPayWithPayPal,
}: {
  amount: string | undefined;
  ready: boolean;
  busy: boolean;
  billing: CardBillingContact;
  method: PaymentMethod;
  onMethodChange: (method: PaymentMethod) => void;
  onPayByCard: (source: CardSource) => void;
  onPayWithPayPal: () => void;
}) {
  const [cardOpen, setCardOpen] = useState(false);
  // When the card form closes (Cancel), focus goes back to the button that opened it, not to the page's top.
  const openButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !cardOpen) openButton.current?.focus();
    wasOpen.current = cardOpen;
  }, [cardOpen]);
  // Which card form this shop takes: docs/product.md's own (sandbox) or Square's fields (the real provider).
  const cardForm = trpc.payments.cardForm.useQuery(undefined, { staleTime: Infinity }).data;
  const disabled = !ready || busy || amount === undefined;
  // The open card form stays mounted while a payment runs, so a decline keeps what the buyer typed.
  const showCardForm = cardOpen && ready && amount !== undefined;
  // `amount` is what the buyer will be charged, known once the server has priced the cart for a state; before that
  // the buttons name no amount (SPEC's texts with $0.00 would contradict the summary, which shows the goods' total).

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="payment-heading">
      <Title order={2} fz="h3" id="payment-heading" mb="md">
        Choose Payment Method
      </Title>
      <Radio.Group value={method} onChange={(value) => onMethodChange(value)} label="Payment method" mb="md">
        <Group mt="xs">
          <Radio value="square" label="Credit or debit card" />
          <Radio value="paypal" label="PayPal" />
        </Group>
      </Radio.Group>
      {!ready && (
        <Text fz="sm" c="gray.7" mb="sm">
          Fill in your email, name, address and state to pay.
        </Text>
      )}
      {method === 'paypal' ? (
        <Button fullWidth size="md" onClick={onPayWithPayPal} disabled={disabled} loading={busy}>
          {amount === undefined ? 'Pay with PayPal' : `Pay $${amount} with PayPal`}
        </Button>
      ) : (
        <Stack gap="sm">
          {/* A note that is always there, not news: no live alert role. */}
          <Alert variant="light" color="sage" title="Secure card payment" role="note">
            Your card details are protected by Square, our card payment provider. We never store your card number.
          </Alert>
          {cardForm?.form === 'unavailable' ? (
            <Text fz="sm" role="status">
              Card payments are not available right now. Please pay with PayPal.
            </Text>
          ) : showCardForm && cardForm ? (
            <Suspense fallback={<Loader size="sm" aria-label="Loading the card form" />}>
              {cardForm.form === 'square' && cardForm.applicationId && cardForm.locationId ? (
                <LazySquareCardForm
                  applicationId={cardForm.applicationId}
                  locationId={cardForm.locationId}
                  amount={amount}
                  busy={busy}
                  billing={billing}
                  onToken={(token) => onPayByCard({ token })}
                  onCancel={() => setCardOpen(false)}
                />
              ) : (
                <LazyCardForm amount={amount} busy={busy} onPay={(card) => onPayByCard({ card })} onCancel={() => setCardOpen(false)} />
              )}
            </Suspense>
          ) : (
            <Button ref={openButton} fullWidth size="md" onClick={() => setCardOpen(true)} disabled={disabled || !cardForm}>
              {amount === undefined ? 'Enter Card Details' : `Enter Card Details - $${amount}`}
            </Button>
          )}
        </Stack>
      )}
    </Paper>
  );
}
