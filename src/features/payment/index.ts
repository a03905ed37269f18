// What other features may use of the payment forms (docs/architecture.md: a feature's internals stay its own).
import { lazy } from 'react';

export type { CardDetails, CardSource } from './card-details';
export type { CardBillingContact } from './SquareCardForm';
export { PaymentErrorDialog, type PaymentMethod } from './PaymentErrorDialog';

/** The card form, a chunk of its own: only a buyer who opens it downloads it. */
export const LazyCardForm = lazy(() => import('./CardForm'));

/** Square's card fields (the real provider): their own chunk too, and they load square.js only when opened. */
export const LazySquareCardForm = lazy(() => import('./SquareCardForm'));
