import { Alert, Badge, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatPrice } from '../../../server/domain/money';
import { PaymentErrorDialog } from '../payment';
import { AddressFields } from './AddressFields';
import { addressComplete, billingContact, type AddressForm } from './address-form';
import { BuildLog } from './BuildLog';
import { stageOf, type Commission } from './commission-status';
import { PayPanel } from './PayPanel';
import { keptAddress, type PayPalReturn } from './paypal-return';
import { QuoteDetails } from './QuoteDetails';
import { RequestSummary } from './RequestSummary';
import { ShippingStatus } from './ShippingStatus';
import { useCommissionPayment } from './useCommissionPayment';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby={id}>
      <Title order={2} fz="h3" id={id} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The buyer's page behind the emailed link: where the piece is, the quote, what to pay now, the build log. */
export function CommissionView({
  token,
  commission,
  returned = null,
}: {
  token: string;
  commission: Commission;
  returned?: PayPalReturn | null;
}) {
  // Back from PayPal: the address typed before leaving, kept in this tab.
  const [address, setAddress] = useState<AddressForm>(() => keptAddress(token));
  const [thanks, setThanks] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const flow = useCommissionPayment(token, commission, address, returned, (paid) => {
    setThanks(
      paid.status === 'accepted'
        ? 'Thank you! Your deposit is paid and the work begins. Updates appear on this page, and we email you each one.'
        : 'Thank you! Your balance is paid. We will email you the tracking as soon as your piece ships.',
    );
    // The pay panel is gone: the keyboard starts again at the top of the page.
    requestAnimationFrame(() => heading.current?.focus());
  });
  // A refusal replaces the button that was pressed (or leaves it disabled): the keyboard goes to the reason.
  useEffect(() => {
    if (flow.notice) noticeRef.current?.focus();
  }, [flow.notice]);
  const stage = stageOf(commission);
  const quote = commission.quote;
  const canAccept = commission.status === 'quoted' && quote !== null && !quote.expired;
  const balanceDue = commission.status === 'ready';
  const made = ['accepted', 'ready', 'paid'].includes(commission.status);

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap="xs" align="center" ta="center">
          <Title order={1} ref={heading} tabIndex={-1}>
            Your Commission
          </Title>
          <Badge color={stage.color} variant="outline" size="lg">
            {stage.label}
          </Badge>
          <Text c="gray.7" maw={560}>
            {stage.text}
          </Text>
        </Stack>
        {thanks && (
          <Alert color="sage" title="Payment received" role="status">
            {thanks}
          </Alert>
        )}
        {flow.notice && (
          <Alert color="red" title="Please note" role="alert" ref={noticeRef} tabIndex={-1}>
            {flow.notice}
          </Alert>
        )}
        {canAccept && (
          <>
            <Section id="quote-heading" title="Your quote">
              <QuoteDetails quote={quote} />
            </Section>
            <PayPanel
              title="Accept the quote"
              action="Accept and pay the deposit"
              amount={commission.due}
              ready={addressComplete(address)}
              busy={flow.busy}
              billing={billingContact(commission.name, commission.email, address, commission.shipToState)}
              method={flow.method}
              onMethodChange={flow.setMethod}
              onPayByCard={(source) => void flow.payByCard(source)}
              onPayWithPayPal={() => void flow.payWithPayPal()}
            >
              <AddressFields
                form={address}
                state={commission.shipToState}
                serverErrors={flow.addressErrors}
                onChange={(field, value) => setAddress((current) => ({ ...current, [field]: value }))}
              />
            </PayPanel>
          </>
        )}
        {balanceDue && (
          <PayPanel
            title="Pay the balance"
            action="Pay the balance"
            amount={commission.due}
            ready
            busy={flow.busy}
            billing={billingContact(commission.name, commission.email, null, commission.shipToState)}
            method={flow.method}
            onMethodChange={flow.setMethod}
            onPayByCard={(source) => void flow.payByCard(source)}
            onPayWithPayPal={() => void flow.payWithPayPal()}
          >
            <Text>
              Balance due: <strong>{formatPrice(commission.due)}</strong> (you have paid {formatPrice(commission.paid)} so far).
            </Text>
          </PayPanel>
        )}
        {commission.status === 'paid' && (
          <Section id="shipping-heading" title="Shipping">
            <ShippingStatus commission={commission} />
          </Section>
        )}
        {(made || commission.updates.length > 0) && (
          <Section id="log-heading" title="From the workshop">
            <BuildLog updates={commission.updates} />
          </Section>
        )}
        {quote && !canAccept && (
          <Section id="quote-heading" title={made ? 'Your accepted quote' : 'Your quote'}>
            <QuoteDetails quote={quote} />
            {made && (
              <Text size="sm" mt="sm">
                Paid so far: {formatPrice(commission.paid)}
                {commission.refunded !== '0.00' && `, refunded: ${formatPrice(commission.refunded)}`}.
              </Text>
            )}
          </Section>
        )}
        <Section id="request-heading" title="Your request">
          <RequestSummary request={commission} />
        </Section>
      </Stack>
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
