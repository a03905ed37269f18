import { toast } from '../../lib/toast';
import { TRPCClientError } from '@trpc/client';
import { mapPaymentError, type PaymentProvider } from '../../../server/domain/payment-errors';
import type { CheckoutForm } from './checkout-form';
import { storeLastOrderId } from './last-order';
import { buildOrderRequest, type OrderPayment, type Quote } from './order-request';
import type { trpc } from '../../lib/trpc';

export type TrpcClient = ReturnType<typeof trpc.useUtils>['client'];

/** The payment code and text of a failed call, in the shape mapPaymentError reads. */
export function describeFailure(error: unknown): { code?: string; detail: string } {
  if (error instanceof TRPCClientError) {
    const data = error.data as { paymentCode?: string } | undefined;
    return { code: data?.paymentCode, detail: error.message };
  }
  return { detail: error instanceof Error ? error.message : String(error) };
}

/** The server's words when this client started too many payments (card testing defence): wait, then retry. */
export function rateLimitMessage(error: unknown): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  return (error.data as { reason?: string } | undefined)?.reason === 'RATE_LIMITED' ? error.message : null;
}

export function paymentErrorOf(error: unknown, provider: PaymentProvider) {
  return mapPaymentError(describeFailure(error), provider);
}

/**
 * docs/product.md section 4: with the payment taken, create the order; on success clear the cart, remember the order
 * id and go to the confirmation. Returns the server's explanation when the order failed (it says whether the
 * payment was refunded, D9), or null on success.
 */
export async function finishOrder(
  client: TrpcClient,
  form: CheckoutForm,
  quote: Quote,
  payment: OrderPayment,
  done: { clearCart(): void; goTo(href: string): void },
): Promise<string | null> {
  try {
    const order = await client.orders.create.mutate(buildOrderRequest(form, quote, payment));
    done.clearCart();
    storeLastOrderId(order.id);
    toast('Order successful!', 'Redirecting to order confirmation...', 'success');
    done.goTo(`/order-confirmation?orderId=${order.id}`);
    return null;
  } catch (error) {
    const provider = payment.method === 'paypal' ? 'paypal' : 'card';
    toast('Order Processing Error', paymentErrorOf(error, provider).message, 'error');
    return describeFailure(error).detail;
  }
}
