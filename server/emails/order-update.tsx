import { Button, Text } from '@react-email/components';
import { formatOrderNumber } from '../domain/order-number';
import type { OrderDto } from '../modules/orders';
import { colors, EmailLayout, text, type ShopFooter } from './layout';

const button = { backgroundColor: colors.walnut, borderRadius: '6px', color: '#ffffff', fontSize: '15px', padding: '12px 20px' };

/** To the customer: the order is on its way, with the carrier, the tracking number and its link. */
export function OrderShippedEmail({ order, orderUrl, shop }: { order: OrderDto; orderUrl: string; shop: ShopFooter }) {
  const number = formatOrderNumber(order.id);
  return (
    <EmailLayout preview={`Your order ${number} has shipped`} shop={shop}>
      <Text style={text}>Hello {order.customerName},</Text>
      <Text style={text}>Good news: your order {number} is on its way.</Text>
      <Text style={text}>
        Carrier: {order.carrier}
        <br />
        Tracking number: {order.trackingNumber}
      </Text>
      {order.trackingUrl && (
        <Button href={order.trackingUrl} style={button}>
          Track your package
        </Button>
      )}
      <Text style={{ ...text, marginTop: '16px' }}>Your order, any time: {orderUrl}</Text>
    </EmailLayout>
  );
}

/** To the customer: the order was cancelled or refunded, and the money goes back. */
/**
 * A cancelled or refunded order's email: `refund` is what the cancel gave back (null when no money moved: an order
 * never paid for; absent in an email queued before it was kept).
 */
export interface OrderClosedNotice {
  order: OrderDto;
  orderUrl: string;
  refund?: { amount: string; refunded: string; paid: string } | null;
}

export function OrderClosedEmail({ order, orderUrl, refund, shop }: OrderClosedNotice & { shop: ShopFooter }) {
  const number = formatOrderNumber(order.id);
  const cancelled = order.status === 'cancelled';
  const to = order.paymentMethod === 'paypal' ? 'PayPal account' : 'card';
  return (
    <EmailLayout preview={`Your order ${number} was ${cancelled ? 'cancelled' : 'refunded'}`} shop={shop}>
      <Text style={text}>Hello {order.customerName},</Text>
      <Text style={text}>
        Your order {number} was {cancelled ? 'cancelled' : 'refunded'}.
        {/* Earlier partial refunds returned part of the money already: the email names what this one returned. */}
        {refund &&
          refund.amount !== '0.00' &&
          ` We have returned $${refund.amount} to your ${to}; your bank may take a few days to show it.`}
        {refund && refund.amount === '0.00' && ` Its payment had been refunded already, so nothing more was due.`}
      </Text>
      {refund && refund.refunded !== refund.amount && (
        <Text style={text}>
          With the earlier refunds, ${refund.refunded} of the ${refund.paid} you paid has been returned in all.
        </Text>
      )}
      <Text style={text}>Questions? Reply to this email or write to {shop.email}.</Text>
      <Text style={text}>Your order: {orderUrl}</Text>
    </EmailLayout>
  );
}

/** What a partial refund's email tells: the refund, and the order's money after it. */
export interface OrderRefundNotice {
  order: OrderDto;
  orderUrl: string;
  /** This refund. */
  amount: string;
  reason: string;
  /** What the order's payments took, what refunds gave back so far (this one included), and what stays paid. */
  paid: string;
  refunded: string;
  kept: string;
}

/** To the customer: the owner gave back part of an order's money, why, and what stays paid. */
export function OrderPartlyRefundedEmail({
  order,
  orderUrl,
  amount,
  reason,
  paid,
  refunded,
  kept,
  shop,
}: OrderRefundNotice & { shop: ShopFooter }) {
  const number = formatOrderNumber(order.id);
  return (
    <EmailLayout preview={`$${amount} of your order ${number} was refunded`} shop={shop}>
      <Text style={text}>Hello {order.customerName},</Text>
      <Text style={text}>
        We have refunded ${amount} of your order {number} to your {order.paymentMethod === 'paypal' ? 'PayPal account' : 'card'}; your bank
        may take a few days to show it.
      </Text>
      <Text style={text}>Reason: {reason}</Text>
      <Text style={text}>
        You paid ${paid}; refunded so far: ${refunded}. Still paid: ${kept}.
      </Text>
      <Text style={text}>Questions? Reply to this email or write to {shop.email}.</Text>
      <Text style={text}>Your order: {orderUrl}</Text>
    </EmailLayout>
  );
}
