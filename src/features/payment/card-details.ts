/**
 * docs/product.md section 3's card form. Kept in memory only: never stored, never logged (D10). A type, not an interface,
 * so `Object.values` knows its values are strings.
 */
export type CardDetails = {
  cardNumber: string;
  expiryDate: string;
  cvv: string;
  cardholderName: string;
};

/** What pays: docs/product.md's card form's details (sandbox only, D12), or the one-time token of Square's fields (D10). */
export type CardSource = { card: CardDetails } | { token: string };
