// Money is integer cents inside the code and a two-decimal string on the wire (docs/decisions.md D2).
// Parsing goes through the string form so that no binary float ever decides a cent.

const AMOUNT = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** '45.00', '45.5', 45.5 or 45 -> 4550. Throws on anything that is not a plain amount. */
export function toCents(value: string | number): number {
  const text = typeof value === 'number' ? numberToText(value) : value.trim();
  const match = AMOUNT.exec(text);
  if (!match) throw new Error(`Not an amount: ${String(value)}`);
  const [, minus, whole = '0', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return minus ? -cents : cents;
}

function numberToText(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`Not an amount: ${value}`);
  // toFixed(2) rounds the float's shortest decimal form, e.g. 0.1 + 0.2 -> '0.30'.
  return value.toFixed(2);
}

/** 4550 -> '45.50' */
export function formatCents(cents: number): string {
  if (!Number.isInteger(cents)) throw new Error(`Cents must be an integer: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 4550 -> 45.5, for the few wire fields that are numbers (D2: shipping and tax results). */
export function centsToNumber(cents: number): number {
  return Number(formatCents(cents));
}

/** '$45.50' for display. */
export function formatPrice(value: string | number): string {
  return `$${formatCents(toCents(value))}`;
}

export function sumCents(values: readonly number[]): number {
  return values.reduce((total, cents) => total + cents, 0);
}

/** Price x quantity, in cents. */
export function lineCents(price: string | number, quantity: number): number {
  return toCents(price) * quantity;
}
