import { Alert, Box, Button, Group, List, Loader, Stack, Text } from '@mantine/core';
import { payments, type Card, type ChargeCardVerificationDetails } from '@square/web-sdk';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';

/** The buyer as the checkout knows them: Square's buyer verification (3-D Secure) reads it. */
export interface CardBillingContact {
  givenName: string;
  familyName: string;
  email: string;
  addressLines: string[];
  city: string;
  state: string;
  phone?: string;
}

/**
 * The card form with the real Square provider (D10): the card number, expiry, CVV and postal code are typed into
 * Square's own fields (frames from Square's CDN, loaded by @square/web-sdk from the application id's
 * environment), and `tokenize()` turns them into a one-time token. Only that token leaves for our server.
 */
export default function SquareCardForm({
  applicationId,
  locationId,
  amount,
  busy,
  billing,
  onToken,
  onCancel,
}: {
  applicationId: string;
  locationId: string;
  amount: string;
  busy: boolean;
  billing: CardBillingContact;
  onToken: (token: string) => void;
  onCancel: () => void;
}) {
  const fields = useRef<HTMLDivElement>(null);
  const [card, setCard] = useState<Card | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    let unmounted = false;
    let made: Card | undefined;
    void (async () => {
      try {
        const square = await payments(applicationId, locationId);
        if (!square) throw new Error('square.js did not load');
        made = await square.card();
        if (unmounted || !fields.current) return;
        await made.attach(fields.current);
        if (!unmounted) setCard(made);
      } catch {
        if (!unmounted) setLoadFailed(true);
      }
    })();
    return () => {
      unmounted = true;
      void made?.destroy().catch(() => undefined);
    };
  }, [applicationId, locationId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!card) return;
    setErrors([]);
    setChecking(true);
    try {
      const verification: ChargeCardVerificationDetails = {
        amount,
        currencyCode: 'USD',
        intent: 'CHARGE',
        billingContact: { ...billing, countryCode: 'US' },
        customerInitiated: true,
        sellerKeyedIn: false,
      };
      const result = await card.tokenize(verification);
      if (result.status === 'OK') {
        onToken(result.token);
        return;
      }
      // Square checks the fields itself and says what is wrong with each, in the buyer's language.
      const messages = 'errors' in result ? result.errors.map((error) => error.message) : [];
      if (result.status === 'Invalid') toast('Missing Information', 'Please fill in all credit card details', 'error');
      setErrors(messages.length > 0 ? messages : ['The card could not be checked. Please try again.']);
    } catch {
      setErrors(['The card could not be checked. Please try again.']);
    } finally {
      setChecking(false);
    }
  };

  if (loadFailed) {
    return (
      <Alert color="red" title="The card form could not be loaded" role="alert">
        Please check your connection and try again, or pay with PayPal.
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Alert>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Card details">
      <Stack gap="sm">
        {!card && <Loader size="sm" aria-label="Loading the card form" />}
        {/* Square's fields arrive as a frame of its own; its height is set by Square. */}
        <Box ref={fields} mih={card ? undefined : 0} data-testid="square-card-fields" />
        {errors.length > 0 && (
          <Alert color="red" title="Please check your card" role="alert">
            <List size="sm">
              {errors.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Text fz="xs" c="gray.7">
          Card fields are provided by Square; your card number never reaches our server.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy || checking}>
            Cancel
          </Button>
          <Button type="submit" loading={busy || checking} disabled={!card}>
            Pay ${amount}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
