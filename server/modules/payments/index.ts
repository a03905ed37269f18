// The payments module's front door: all that other modules and the server's other parts may import from it
// (docs/architecture.md; the lint refuses an import of any other file of the module).
export { cardFormSettings, squareCardForm } from './card-form-settings';
export { CardLimits } from './card-limits';
export { asPaymentError } from './payment-errors';
export { type LedgerEntry, type LedgerState, type PaymentMethod, type PaymentRef, claimForOrder, entryOf } from './payment-ledger';
export { type PaymentProviders, type ProviderContext, type VerifiedPayment, attemptLeaseSeconds } from './payment-provider';
export { createPaymentProviders } from './payment-providers';
export { startPaymentRecovery } from './payment-recovery';
export { newRefundKey, refundPayment, sendRefunds } from './payment-refunds';
export { capturePayPalOrder, chargeCard, paypalCaptureKey } from './payments.service';
export { type RefundEntry, orderMoney, pendingRefundsOfOrder, reserveOrderRefund, unfinishedOrderRefunds } from './refund-ledger';
