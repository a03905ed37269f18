import { Alert, Button, Group, Loader, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { trpc } from '../../lib/trpc';
import { LazyCardForm, LazySquareCardForm, type CardBillingContact, type CardSource, type PaymentMethod } from '../payment';

/**
 * Paying what a commission asks for now (the deposit or the balance): a card through the shop's card form (the
 * sandbox's, or Square's fields), or PayPal. `action` names the step ("Accept and pay the deposit"); while a payment
 * runs every button is disabled, so a second click cannot start a second one.
 */
export function PayPanel({
  title,
  action,
  amount,
  ready,
  busy,
  billing,
  method,
  onMethodChange,
  children,
  onPayByCard,
  onPayWithPayPal,
}: {
  title: string;
  action: string;
  amount: string;
  ready: boolean;
  busy: boolean;
  billing: CardBillingContact;
  method: PaymentMethod;
  onMethodChange: (method: PaymentMethod) => void;
  children?: ReactNode;
  onPayByCard: (source: CardSource) => void;
  onPayWithPayPal: () => void;
}) {
  const [cardOpen, setCardOpen] = useState(false);
  // When the card form closes (Cancel), focus goes back to the button that opened it.
  const openButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !cardOpen) openButton.current?.focus();
    wasOpen.current = cardOpen;
  }, [cardOpen]);
  const cardForm = trpc.payments.cardForm.useQuery(undefined, { staleTime: Infinity }).data;
  const disabled = !ready || busy;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="pay-heading">
      <Title order={2} fz="h3" id="pay-heading" mb="md">
        {title}
      </Title>
      <Stack gap="md">
        {children}
        <Radio.Group value={method} onChange={(value) => onMethodChange(value)} label="Payment method">
          <Group mt="xs">
            <Radio value="square" label="Credit or debit card" disabled={busy} />
            <Radio value="paypal" label="PayPal" disabled={busy} />
          </Group>
        </Radio.Group>
        {!ready && (
          <Text fz="sm" c="gray.7">
            Fill in your shipping address to pay.
          </Text>
        )}
        {method === 'paypal' ? (
          <Button fullWidth size="md" onClick={onPayWithPayPal} disabled={disabled} loading={busy}>
            {action} with PayPal - ${amount}
          </Button>
        ) : cardForm?.form === 'unavailable' ? (
          <Text fz="sm" role="status">
            Card payments are not available right now. Please pay with PayPal.
          </Text>
        ) : cardOpen && ready && cardForm ? (
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
            {action} - ${amount}
          </Button>
        )}
        <Alert variant="light" color="sage" title="Secure card payment" role="note">
          Your card details are protected by Square, our card payment provider. We never store your card number.
        </Alert>
      </Stack>
    </Paper>
  );
}
