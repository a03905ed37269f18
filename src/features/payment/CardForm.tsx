import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { toast } from '../../lib/toast';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  CARD_NUMBER_MAX_LENGTH,
  CVV_MAX_LENGTH,
  EXPIRY_MAX_LENGTH,
  formatCardNumber,
  formatCvv,
  formatExpiry,
} from '../../../server/domain/card';
import type { CardDetails } from './card-details';

const EMPTY: CardDetails = { cardNumber: '', expiryDate: '', cvv: '', cardholderName: '' };

/**
 * docs/product.md section 5's card form. Loaded lazily (its own chunk), so the storefront never downloads it; the
 * typed card data lives only in this component's memory until it is submitted.
 */
export default function CardForm({
  amount,
  busy,
  onPay,
  onCancel,
}: {
  amount: string;
  busy: boolean;
  onPay: (card: CardDetails) => void;
  onCancel: () => void;
}) {
  const [card, setCard] = useState<CardDetails>(EMPTY);
  // The form opens in place of its button: focus moves to its first field, where the buyer continues.
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const set = (field: keyof CardDetails, value: string) => setCard((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.values(card).some((value) => value.trim() === '')) {
      toast('Missing Information', 'Please fill in all credit card details', 'error');
      return;
    }
    onPay(card);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Card details">
      <Stack gap="sm">
        <TextInput
          label="Card number"
          required
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 5678 9012 3456"
          maxLength={CARD_NUMBER_MAX_LENGTH}
          value={card.cardNumber}
          onChange={(event) => set('cardNumber', formatCardNumber(event.currentTarget.value))}
          ref={first}
        />
        <SimpleGrid cols={2}>
          <TextInput
            label="Expiry date"
            required
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={EXPIRY_MAX_LENGTH}
            value={card.expiryDate}
            onChange={(event) => set('expiryDate', formatExpiry(event.currentTarget.value))}
          />
          <TextInput
            label="CVV"
            required
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={CVV_MAX_LENGTH}
            value={card.cvv}
            onChange={(event) => set('cvv', formatCvv(event.currentTarget.value))}
          />
        </SimpleGrid>
        <TextInput
          label="Cardholder name"
          required
          autoComplete="cc-name"
          value={card.cardholderName}
          onChange={(event) => set('cardholderName', event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Pay ${amount}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
