import { EMPTY_ADDRESS, type AddressForm } from './address-form';

/**
 * The buyer back from PayPal's approval page on the commission's page: `?payment=deposit|balance&token=<PayPal
 * order>&PayerID=...` after approving (the return address the page gave PayPal), `?token=<PayPal order>` alone
 * after cancelling there.
 */
export type PayPalReturn = { kind: 'deposit' | 'balance'; paypalOrderId: string } | { kind: 'cancelled' };

export function paypalReturnOf(search: Record<string, unknown>): PayPalReturn | null {
  const paypalOrderId = typeof search.token === 'string' && /^[A-Za-z0-9_-]{1,60}$/.test(search.token) ? search.token : null;
  if (!paypalOrderId) return null;
  if (search.payment === 'deposit' || search.payment === 'balance') return { kind: search.payment, paypalOrderId };
  return { kind: 'cancelled' };
}

// The shipping address typed before leaving for PayPal, kept in this tab only (sessionStorage survives the visit to
// PayPal and is gone with the tab): the deposit needs it on the return.
const key = (token: string) => `turnery-commission-address:${token}`;

export function keepAddress(token: string, address: AddressForm) {
  try {
    sessionStorage.setItem(key(token), JSON.stringify(address));
  } catch {
    // Storage refused (a private window's quota): the page asks for the address again on the return.
  }
}

export function keptAddress(token: string): AddressForm {
  try {
    const kept = JSON.parse(sessionStorage.getItem(key(token)) ?? 'null') as Partial<AddressForm> | null;
    if (!kept) return EMPTY_ADDRESS;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return { address: text(kept.address), city: text(kept.city), zipCode: text(kept.zipCode), phone: text(kept.phone) };
  } catch {
    return EMPTY_ADDRESS;
  }
}

export function forgetAddress(token: string) {
  try {
    sessionStorage.removeItem(key(token));
  } catch {
    // Nothing kept, nothing to forget.
  }
}
