/** SPEC.md section 3's card form. Kept in memory only: never stored, never logged (D10). */
export interface CardDetails {
  cardNumber: string;
  expiryDate: string;
  cvv: string;
  cardholderName: string;
}
