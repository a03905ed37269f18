import { cardNumberValid, cvvValid, expiryInPast, parseExpiry } from '../../domain/card';
import type { CardDetails } from './payment-provider';

// The sandbox's documented test inputs (D12; docs/payments.md, 'Sandbox test cards'). Any other valid card is approved.

/** Card numbers (digits only) that the sandbox declines, with the code it answers. */
export const SANDBOX_DECLINING_CARDS: Readonly<Record<string, string>> = {
  '4000000000000002': 'CARD_DECLINED',
  '4000000000009995': 'INSUFFICIENT_FUNDS',
  '4000000000000119': 'GENERIC_DECLINE',
  '4000000000000127': 'CARD_NOT_SUPPORTED',
  '4000000000000135': 'PAYMENT_LIMIT_EXCEEDED',
  '4000000000000143': 'TRANSACTION_LIMIT',
};

export const SANDBOX_CVV_FAILURE = '911';
export const SANDBOX_AVS_FAILURE_ZIP = '99999';

/** PayPal buyers whose email contains one of these tags have their capture declined. */
export const SANDBOX_PAYPAL_DECLINES: Readonly<Record<string, string>> = {
  '+instrument-declined': 'INSTRUMENT_DECLINED',
  '+insufficient-funds': 'INSUFFICIENT_FUNDS',
};

export interface CardDecision {
  code: string;
  detail: string;
}

/** The sandbox's answer for a card: null when approved, otherwise the decline code and a detail like Square's. */
export function decideCard(card: CardDetails | undefined, billingZip: string | undefined, now: Date): CardDecision | null {
  if (!card) return { code: 'INVALID_CARD', detail: 'The sandbox needs cardData to decide a card payment' };
  const digits = card.cardNumber.replace(/\s/g, '');
  if (!cardNumberValid(digits)) return { code: 'INVALID_CARD', detail: 'The card number is invalid' };
  if (!parseExpiry(card.expiryDate)) return { code: 'INVALID_CARD', detail: 'The expiry date is invalid (MM/YY)' };
  if (expiryInPast(card.expiryDate, now)) return { code: 'EXPIRED_CARD', detail: 'The card has expired' };
  if (!cvvValid(card.cvv)) return { code: 'INVALID_CARD', detail: 'The security code is invalid' };
  if (card.cardholderName.trim() === '') return { code: 'INVALID_CARD', detail: 'The cardholder name is missing' };
  const declined = SANDBOX_DECLINING_CARDS[digits];
  if (declined) return { code: declined, detail: `The sandbox declines this test card (${declined})` };
  if (card.cvv.trim() === SANDBOX_CVV_FAILURE) return { code: 'CVV_FAILURE', detail: 'The security code does not match' };
  if (billingZip?.trim() === SANDBOX_AVS_FAILURE_ZIP) {
    return { code: 'ADDRESS_VERIFICATION_FAILURE', detail: 'The billing postal code does not match' };
  }
  return null;
}

/** The PayPal decline a sandbox buyer asked for by their email address, if any. */
export function decidePayPal(payerEmail: string | undefined): string | null {
  const email = payerEmail?.toLowerCase() ?? '';
  for (const [tag, code] of Object.entries(SANDBOX_PAYPAL_DECLINES)) {
    if (email.includes(tag)) return code;
  }
  return null;
}
