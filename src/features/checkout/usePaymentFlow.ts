import { hideErrorToasts, toast } from '../../lib/toast';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { PaymentErrorInfo } from '../../../server/domain/payment-errors';
import { lastFour } from '../../../server/domain/card';
import { mapPaymentError } from '../../../server/domain/payment-errors';
import { trpc } from '../../lib/trpc';
import { useCart } from '../cart';
import type { CardSource, PaymentMethod } from '../payment';
import type { CheckoutForm } from './checkout-form';
import { finishOrder, paymentErrorOf, rateLimitMessage } from './finish-order';
import { blockingProblems, buildOrderDetails, type Quote } from './order-request';

const PAYPAL_CAPTURE_DELAY_MS = 2000; // docs/product.md section 9

/**
 * docs/product.md section 4's payment flow. Before taking money the cart is quoted again (D9): if the total moved or
 * something ran out, nothing is charged and the buyer sees what changed.
 */
export function usePaymentFlow(form: CheckoutForm, shownTotal: string | undefined, refreshQuote: () => Promise<Quote>) {
  const { client } = trpc.useUtils();
  const cart = useCart();
  const navigate = useNavigate();
  const [method, setMethod] = useState<PaymentMethod>('square');
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState<PaymentErrorInfo | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const done = { clearCart: cart.clear, goTo: (href: string) => void navigate({ href }) };
  // Leaving checkout takes its failures' toasts along (the queue would show them on the next page).
  useEffect(() => hideErrorToasts, []);

  async function confirmedQuote(): Promise<Quote | null> {
    const fresh = await refreshQuote();
    const blocking = blockingProblems(fresh);
    if (blocking.length > 0 || fresh.total !== shownTotal) {
      const changes = [...fresh.problems.map((problem) => problem.message)];
      if (fresh.total !== shownTotal) changes.push(`The total is now $${fresh.total}.`);
      setNotice(`Your cart changed before payment, so nothing was charged. ${changes.join(' ')}`);
      return null;
    }
    return fresh;
  }

  async function payByCard(source: CardSource) {
    setBusy(true);
    setNotice(null);
    try {
      const quote = await confirmedQuote();
      if (!quote) return;
      let result;
      try {
        result = await client.payments.processCardPayment.mutate(
          'token' in source
            ? // Square's token is the source; the card itself stayed in Square's fields (D10).
              { sourceId: source.token, amount: quote.total }
            : {
                sourceId: `card_${lastFour(source.card.cardNumber)}_${Date.now()}`,
                amount: quote.total,
                cardData: source.card,
                billingZip: form.zipCode.trim(),
              },
        );
      } catch (error) {
        // Too many payments from this address (card testing defence): the buyer is told how long to wait.
        const limited = rateLimitMessage(error);
        if (limited) {
          setNotice(limited);
          return;
        }
        toast('Payment Error', 'Failed to process credit card payment', 'error');
        setDialogError(paymentErrorOf(error, 'card'));
        return;
      }
      if (!result.success || !result.payment) {
        toast('Payment Failed', result.error?.detail || 'Payment processing failed', 'error');
        setDialogError(mapPaymentError(result.error ?? 'declined', 'card'));
        return;
      }
      hideErrorToasts();
      toast('Payment Successful', 'Your credit card payment has been processed', 'success');
      setNotice(await finishOrder(client, form, quote, { method: 'square', squarePaymentId: result.payment.id }, done));
    } catch (error) {
      setNotice(paymentErrorOf(error, 'card').message);
    } finally {
      setBusy(false);
    }
  }

  async function payWithPayPal() {
    setBusy(true);
    setNotice(null);
    try {
      const quote = await confirmedQuote();
      if (!quote) return;
      let order;
      try {
        order = await client.payments.createPayPalOrder.mutate({
          amount: quote.total,
          currency: 'USD',
          intent: 'CAPTURE',
          payerEmail: form.email.trim(),
          // Kept by the server until the buyer returns from PayPal, in whichever tab or browser that is.
          checkout: buildOrderDetails(form, quote),
        });
      } catch (error) {
        const limited = rateLimitMessage(error);
        if (limited) {
          setNotice(limited);
          return;
        }
        toast('PayPal Error', 'Failed to create PayPal order', 'error');
        return;
      }
      toast('PayPal Payment Processing', 'Redirecting to PayPal to complete your payment...', 'info');
      if (order.approveUrl) {
        // The real PayPal: the buyer approves on PayPal and comes back to /checkout/success?token=<order id>.
        window.location.assign(order.approveUrl);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, PAYPAL_CAPTURE_DELAY_MS));
      let capture;
      try {
        capture = await client.payments.capturePayPalOrder.mutate({ id: order.id });
      } catch (error) {
        const mapped = paymentErrorOf(error, 'paypal');
        toast('PayPal Error', mapped.message, 'error');
        setDialogError(mapped);
        return;
      }
      hideErrorToasts();
      toast('PayPal Payment Complete', 'Your payment has been successfully processed', 'success');
      const payment = { method: 'paypal' as const, paypalOrderId: order.id, paypalCaptureId: capture.id };
      setNotice(await finishOrder(client, form, quote, payment, done));
    } catch (error) {
      setNotice(paymentErrorOf(error, 'paypal').message);
    } finally {
      setBusy(false);
    }
  }

  return {
    method,
    setMethod,
    busy,
    notice,
    dialogError,
    closeDialog: () => setDialogError(null),
    switchMethod: () => {
      setMethod((current) => (current === 'square' ? 'paypal' : 'square'));
      setDialogError(null);
    },
    payByCard,
    payWithPayPal,
  };
}
