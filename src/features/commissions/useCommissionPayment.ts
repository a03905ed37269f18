import { useRef, useState } from 'react';
import { lastFour } from '../../../server/domain/card';
import type { PaymentErrorInfo } from '../../../server/domain/payment-errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { fieldErrors } from '../../lib/trpc-errors';
import type { CardSource, PaymentMethod } from '../payment';
import { addressesOf, type AddressField, type AddressForm } from './address-form';
import { paymentOutcome } from './commission-errors';
import type { Commission } from './commission-status';

type Payment =
  | {
      method: 'square';
      sourceId: string;
      billingZip?: string;
      cardData?: { cardNumber: string; expiryDate: string; cvv: string; cardholderName: string };
    }
  | { method: 'paypal'; paypalOrderId: string };

/**
 * Takes what the commission asks for now: the deposit (accepting the current quote) or the balance. One payment
 * at a time: `busy` disables every pay button while a call runs, and the server takes each payment once whatever
 * arrives (a repeat of the same payment answers the same commission).
 */
export function useCommissionPayment(token: string, commission: Commission, address: AddressForm, onPaid: (paid: Commission) => void) {
  const utils = trpc.useUtils();
  const { client } = utils;
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [dialogError, setDialogError] = useState<PaymentErrorInfo | null>(null);
  const [addressErrors, setAddressErrors] = useState<Partial<Record<AddressField, string>>>({});
  const [method, setMethod] = useState<PaymentMethod>('square');
  const deposit = commission.status === 'quoted';

  async function pay(payment: Payment) {
    // A second click before React has re-rendered the disabled button still finds this set.
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setNotice(null);
    setAddressErrors({});
    try {
      const paid = deposit
        ? await client.commissions.accept.mutate({
            token,
            quoteVersion: commission.quote!.version,
            amount: commission.due,
            payment,
            ...addressesOf(address, commission.shipToState),
          })
        : await client.commissions.payBalance.mutate({ token, amount: commission.due, payment });
      utils.commissions.get.setData({ token }, paid);
      toast(
        'Payment Successful',
        deposit ? 'Your deposit is paid: the work begins.' : 'Your balance is paid: we will ship it soon.',
        'success',
      );
      onPaid(paid);
    } catch (error) {
      failed(error, payment.method);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  function failed(error: unknown, method: PaymentMethod) {
    const named = fieldErrors(error);
    if (named.shippingAddress || named.billingAddress) {
      // The server names `shippingAddress.<field>`; fieldErrors keeps the first part only, so ask for the rest here.
      const issues = ((error as { data?: { issues?: { path: string[]; message: string }[] } }).data?.issues ?? []).filter(
        (issue) => issue.path[0] === 'shippingAddress' || issue.path[0] === 'billingAddress',
      );
      const found: Partial<Record<AddressField, string>> = {};
      for (const issue of issues) found[issue.path[1] as AddressField] ??= issue.message;
      setAddressErrors(found);
      setNotice('Please check your shipping address. Nothing was charged.');
      return;
    }
    const outcome = paymentOutcome(error, method === 'paypal' ? 'paypal' : 'card');
    if (outcome.kind === 'dialog') {
      setDialogError(outcome.error);
      return;
    }
    setNotice(outcome.message);
    if (outcome.reload) void utils.commissions.get.invalidate({ token });
  }

  return {
    busy,
    notice,
    dialogError,
    addressErrors,
    method,
    setMethod,
    switchMethod: () => {
      setMethod((current) => (current === 'square' ? 'paypal' : 'square'));
      setDialogError(null);
    },
    closeDialog: () => setDialogError(null),
    payByCard: (source: CardSource) =>
      pay(
        'token' in source
          ? { method: 'square', sourceId: source.token, billingZip: deposit ? address.zipCode.trim() : undefined }
          : {
              method: 'square',
              sourceId: `card_${lastFour(source.card.cardNumber)}_${Date.now()}`,
              cardData: source.card,
              ...(deposit ? { billingZip: address.zipCode.trim() } : {}),
            },
      ),
    payWithPayPal: async () => {
      if (running.current) return;
      let order;
      try {
        running.current = true;
        setBusy(true);
        order = await client.payments.createPayPalOrder.mutate({
          amount: commission.due,
          currency: 'USD',
          intent: 'CAPTURE',
          payerEmail: commission.email,
        });
      } catch (error) {
        failed(error, 'paypal');
        return;
      } finally {
        running.current = false;
        setBusy(false);
      }
      if (order.approveUrl) {
        // PayPal's approval page returns to the checkout, which knows no commission: card only, for now.
        setNotice('PayPal cannot be used for commissions yet. Please pay by card; nothing was charged.');
        return;
      }
      await pay({ method: 'paypal', paypalOrderId: order.id });
    },
  };
}
