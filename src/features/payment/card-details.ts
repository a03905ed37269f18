/**
 * SPEC.md section 3's card form. Kept in memory only: never stored, never logged (D10). A type, not an interface,
 * so `Object.values` knows its values are strings.
 */
export type CardDetails = {
  cardNumber: string;
  expiryDate: string;
  cvv: string;
  cardholderName: string;
};
