// What other features may use of the payment forms (docs/architecture.md: a feature's internals stay its own).
import { lazy } from 'react';

export type { CardDetails } from './card-details';
export type { PaymentMethod } from './PaymentErrorDialog';

/** The card form, a chunk of its own: only a buyer who opens it downloads it. */
export const LazyCardForm = lazy(() => import('./CardForm'));
