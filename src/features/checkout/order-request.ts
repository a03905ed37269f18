import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/app-router';
import type { CheckoutForm } from './checkout-form';

export type Quote = inferRouterOutputs<AppRouter>['checkout']['quote'];
export type OrderRequest = inferRouterInputs<AppRouter>['orders']['create'];
export type Order = inferRouterOutputs<AppRouter>['orders']['byId'];

export type OrderPayment =
  { method: 'square'; squarePaymentId: string } | { method: 'paypal'; paypalOrderId: string; paypalCaptureId: string };

export type OrderDetails = NonNullable<inferRouterInputs<AppRouter>['payments']['createPayPalOrder']['checkout']>;

/** docs/product.md section 3's Order without its payment, from the form and the server's quote (the figures the buyer saw). */
export function buildOrderDetails(form: CheckoutForm, quote: Quote): OrderDetails {
  const address = { address: form.address.trim(), city: form.city.trim(), state: form.state, zipCode: form.zipCode.trim() };
  return {
    customerEmail: form.email.trim(),
    customerName: `${form.firstName.trim()} ${form.lastName.trim()}`,
    shippingAddress: { ...address, state: form.state as OrderDetails['shippingAddress']['state'], phone: form.phone.trim() },
    billingAddress: address,
    items: quote.lines.map((line) => ({
      productId: line.productId,
      ...(line.variantId === undefined ? {} : { variantId: line.variantId }),
      name: line.name,
      price: line.price,
      quantity: line.quantity,
    })),
    subtotal: quote.subtotal,
    shipping: quote.shipping,
    tax: quote.tax,
    total: quote.total,
    // D40: the code the quote was priced with, so the order is priced (and its use counted) with it too.
    ...(quote.discount ? { discountCode: quote.discount.code } : {}),
    status: 'completed',
  };
}

/** docs/product.md section 3's Order, with the payment that paid for it. */
export function buildOrderRequest(form: CheckoutForm, quote: Quote, payment: OrderPayment): OrderRequest {
  return {
    ...buildOrderDetails(form, quote),
    paymentMethod: payment.method,
    paypalOrderId: payment.method === 'paypal' ? payment.paypalOrderId : null,
    paypalCaptureId: payment.method === 'paypal' ? payment.paypalCaptureId : null,
    squarePaymentId: payment.method === 'square' ? payment.squarePaymentId : null,
  };
}

/** Problems that stop a payment: something is no longer sold or there is not enough of it. */
export function blockingProblems(quote: Quote | undefined) {
  return quote?.problems.filter((problem) => problem.kind !== 'price_changed') ?? [];
}
