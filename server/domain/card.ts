// Card form helpers (docs/product.md section 5, Card form). Used as the user types and by the sandbox provider.

export const CARD_NUMBER_MAX_LENGTH = 19; // 16 digits + 3 spaces
export const EXPIRY_MAX_LENGTH = 5; // MM/YY
export const CVV_MAX_LENGTH = 4;

const CARD_DIGITS_MAX = 16;

function digitsOnly(input: string): string {
  return input.replace(/\D/g, '');
}

/** '4111111111111111' -> '4111 1111 1111 1111' (at most 19 characters). */
export function formatCardNumber(input: string): string {
  const digits = digitsOnly(input).slice(0, CARD_DIGITS_MAX);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * '1225' -> '12/25'. The slash appears only once a third digit is typed, so backspacing
 * over '12/' is not undone by the formatter re-adding it.
 */
export function formatExpiry(input: string): string {
  const digits = digitsOnly(input).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function formatCvv(input: string): string {
  return digitsOnly(input).slice(0, CVV_MAX_LENGTH);
}

/** Luhn checksum. Spaces are ignored; any other non-digit, or no digit at all, fails. */
export function luhnValid(digits: string): boolean {
  const compact = digits.replace(/\s/g, '');
  if (!/^\d+$/.test(compact)) return false;
  let sum = 0;
  for (let i = 0; i < compact.length; i++) {
    let d = Number(compact[compact.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A plausible card number: 12 to 19 digits (spaces allowed) passing Luhn. */
export function cardNumberValid(cardNumber: string): boolean {
  const compact = cardNumber.replace(/\s/g, '');
  return /^\d{12,19}$/.test(compact) && luhnValid(compact);
}

export function cvvValid(cvv: string): boolean {
  return /^\d{3,4}$/.test(cvv.trim());
}

/** 'MM/YY' -> { month: 1-12, year: 20YY }, or null when the text is not a valid expiry. */
export function parseExpiry(mmYY: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(mmYY.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/**
 * True when the card expired before `now`'s month. A card is valid through the end of its
 * expiry month. Returns false for text that is not MM/YY; check that with parseExpiry.
 */
export function expiryInPast(mmYY: string, now: Date): boolean {
  const expiry = parseExpiry(mmYY);
  if (!expiry) return false;
  const nowYear = now.getFullYear();
  const nowMonth = now.getMonth() + 1;
  return expiry.year < nowYear || (expiry.year === nowYear && expiry.month < nowMonth);
}

/** '4111 1111 1111 1234' -> '1234'. Only the last four digits ever leave the card form's memory. */
export function lastFour(cardNumber: string): string {
  return digitsOnly(cardNumber).slice(-4);
}
