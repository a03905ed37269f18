import { Alert, Button, Group, Loader, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { Suspense, useState } from 'react';
import { LazyCardForm, type CardDetails, type PaymentMethod } from '../payment';

/** SPEC.md section 2's 'Choose Payment Method': a card section (the default) and PayPal. */
export function PaymentSection({
  amount,
  ready,
  busy,
  method,
  onMethodChange,
  onPayByCard,
  onPayWithPayPal,
}: {
  amount: string | undefined;
  ready: boolean;
  busy: boolean;
  method: PaymentMethod;
  onMethodChange: (method: PaymentMethod) => void;
  onPayByCard: (card: CardDetails) => void;
  onPayWithPayPal: () => void;
}) {
  const [cardOpen, setCardOpen] = useState(false);
  const disabled = !ready || busy || amount === undefined;
  // The open card form stays mounted while a payment runs, so a decline keeps what the buyer typed.
  const showCardForm = cardOpen && ready && amount !== undefined;
  const shown = amount ?? '0.00';

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
          Pay ${shown} with PayPal
        </Button>
      ) : (
        <Stack gap="sm">
          <Alert variant="light" color="sage" title="Secure card payment">
            Your card details are protected by Square, our card payment provider. We never store your card number.
          </Alert>
          {showCardForm ? (
            <Suspense fallback={<Loader size="sm" aria-label="Loading the card form" />}>
              <LazyCardForm amount={shown} busy={busy} onPay={onPayByCard} onCancel={() => setCardOpen(false)} />
            </Suspense>
          ) : (
            <Button fullWidth size="md" onClick={() => setCardOpen(true)} disabled={disabled}>
              Enter Card Details - ${shown}
            </Button>
          )}
        </Stack>
      )}
    </Paper>
  );
}
