import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { lastFour } from '../../../server/domain/card';
import type { PaymentErrorInfo } from '../../../server/domain/payment-errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { fieldErrors } from '../../lib/trpc-errors';
import type { CardSource, PaymentMethod } from '../payment';
import { addressComplete, addressesOf, type AddressField, type AddressForm } from './address-form';
import { paymentOutcome } from './commission-errors';
import type { Commission } from './commission-status';
import { forgetAddress, keepAddress, type PayPalReturn } from './paypal-return';

type Arrival = 'none' | 'cancelled' | 'pay' | 'askAddress';

const ARRIVAL_NOTICES: Record<Arrival, string | null> = {
  none: null,
  cancelled: 'You cancelled at PayPal. Nothing was charged.',
  pay: null,
  // Approved in another browser than the one that left: the address is asked for here, then the approval is used.
  askAddress: 'Your PayPal payment is approved. Please fill in your shipping address, then press the PayPal button to finish.',
};

function arrivalOf(returned: PayPalReturn | null, commission: Commission, address: AddressForm): Arrival {
  if (!returned) return 'none';
  if (returned.kind === 'cancelled') return 'cancelled';
  // Paid already (a reload before the address bar changed, another tab): nothing to do.
  if (commission.status !== (returned.kind === 'deposit' ? 'quoted' : 'ready')) return 'none';
  return returned.kind === 'deposit' && !addressComplete(address) ? 'askAddress' : 'pay';
}

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
 * arrives (a repeat of the same payment answers the same commission). PayPal's approval page sends the buyer back
 * to this page (`returned`), where the approved PayPal order completes the payment it was made for.
 */
export function useCommissionPayment(
  token: string,
  commission: Commission,
  address: AddressForm,
  returned: PayPalReturn | null,
  onPaid: (paid: Commission) => void,
) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const { client } = utils;
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  // What the return from PayPal asks for, decided on arrival.
  const [arrival] = useState(() => arrivalOf(returned, commission, address));
  const [notice, setNotice] = useState<string | null>(ARRIVAL_NOTICES[arrival]);
  const [dialogError, setDialogError] = useState<PaymentErrorInfo | null>(null);
  const [addressErrors, setAddressErrors] = useState<Partial<Record<AddressField, string>>>({});
  const [method, setMethod] = useState<PaymentMethod>(returned ? 'paypal' : 'square');
  const deposit = commission.status === 'quoted';
  // A PayPal order the buyer approved at PayPal and came back with, not yet used (its address was not known here).
  const approved = useRef<string | null>(arrival === 'askAddress' && returned?.kind !== 'cancelled' ? returned!.paypalOrderId : null);
  const returnHandled = useRef(false);

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
      approved.current = null;
      forgetAddress(token);
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

  useEffect(() => {
    if (!returned || returnHandled.current) return;
    returnHandled.current = true;
    // The address bar loses PayPal's query, so a reload asks nothing again (the server would answer the same).
    void navigate({ href: `/commissions/${token}`, replace: true });
    if (arrival === 'pay' && returned.kind !== 'cancelled') void pay({ method: 'paypal', paypalOrderId: returned.paypalOrderId });
    // Once, on arrival: with the commission and the address the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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
      if (approved.current) {
        await pay({ method: 'paypal', paypalOrderId: approved.current });
        return;
      }
      let order;
      try {
        running.current = true;
        setBusy(true);
        order = await client.payments.createPayPalOrder.mutate({
          amount: commission.due,
          currency: 'USD',
          intent: 'CAPTURE',
          payerEmail: commission.email,
          // PayPal's approval page sends the buyer back here, saying which payment the approval is for.
          returnPath: `/commissions/${token}?payment=${deposit ? 'deposit' : 'balance'}`,
        });
      } catch (error) {
        failed(error, 'paypal');
        return;
      } finally {
        running.current = false;
        setBusy(false);
      }
      if (order.approveUrl) {
        // The page is left for PayPal's: the address typed here waits in this tab for the return.
        if (deposit) keepAddress(token, address);
        window.location.assign(order.approveUrl);
        return;
      }
      await pay({ method: 'paypal', paypalOrderId: order.id });
    },
  };
}
