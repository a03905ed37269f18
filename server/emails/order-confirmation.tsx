import { Button, Section, Text } from '@react-email/components';
import { PROCESSING_TEXT, SHIPS_WITHIN_TEXT } from '../domain/delivery-times';
import { formatCents, lineCents } from '../domain/money';
import { lineName } from '../domain/line-name';
import { formatOrderNumber } from '../domain/order-number';
import type { OrderDto } from '../modules/orders';
import { colors, EmailLayout, text, type ShopFooter } from './layout';

const PAYMENT_NAMES: Record<string, string> = { square: 'Credit card', paypal: 'PayPal' };

// Made once: toLocaleDateString builds a new formatter per call, about a tenth of an order's emails' CPU (profiled).
const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** What the confirmation shows, every value as its text (the component only places them). */
export type OrderConfirmationView = {
  preview: string;
  customerName: string;
  number: string;
  date: string;
  lines: readonly { label: string; value: string }[];
  subtotal: string;
  shipping: string;
  tax: string;
  total: string;
  /** The discount code's line (D40), or null. */
  discount: { code: string; amount: string } | null;
  payment: string;
  address: { address: string; city: string; state: string; zipCode: string };
  orderUrl: string;
  shop: ShopFooter;
};

export function orderConfirmationView(order: OrderDto, orderUrl: string, shop: ShopFooter): OrderConfirmationView {
  const number = formatOrderNumber(order.id);
  const { address, city, state, zipCode } = order.shippingAddress;
  return {
    preview: `Your order ${number} is confirmed`,
    customerName: order.customerName,
    number,
    date: DATE.format(new Date(order.createdAt || Date.now())),
    lines: order.items.map((item) => ({
      label: `${item.quantity} x ${lineName(item)}`,
      value: `$${formatCents(lineCents(item.price, item.quantity))}`,
    })),
    subtotal: order.subtotal,
    shipping: order.shipping,
    tax: order.tax,
    total: order.total,
    discount: order.discountCode ? { code: order.discountCode, amount: order.discount } : null,
    payment: PAYMENT_NAMES[order.paymentMethod] ?? order.paymentMethod,
    address: { address, city, state, zipCode },
    orderUrl,
    shop,
  };
}

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  // One line of text rather than two table cells: the plain-text part then reads 'Total: $73.55' too.
  return (
    <Text style={{ ...text, margin: '0 0 4px', fontWeight: strong ? 700 : 400 }}>
      {label}: {value}
    </Text>
  );
}

/** The customer's order confirmation: number, date, items, totals, address, payment, and the order's link. */
export function OrderConfirmationEmail(view: OrderConfirmationView) {
  const { address } = view;
  return (
    <EmailLayout preview={view.preview} shop={view.shop}>
      <Text style={text}>Hello {view.customerName},</Text>
      <Text style={text}>
        Thank you for your order {view.number} of {view.date}. Your payment was received and we will begin crafting your pieces.
      </Text>
      <Section
        style={{ borderTop: `1px solid ${colors.line}`, borderBottom: `1px solid ${colors.line}`, padding: '12px 0', margin: '8px 0 16px' }}
      >
        {view.lines.map((line, index) => (
          <Line key={index} label={line.label} value={line.value} />
        ))}
      </Section>
      <Line label="Subtotal" value={`$${view.subtotal}`} />
      {view.discount && <Line label={`Discount (${view.discount.code})`} value={`-$${view.discount.amount}`} />}
      <Line label="Shipping" value={`$${view.shipping}`} />
      <Line label="Tax" value={`$${view.tax}`} />
      <Line label="Total" value={`$${view.total}`} strong />
      <Text style={{ ...text, marginTop: '16px' }}>
        Paid with {view.payment}. Shipping to {address.address}, {address.city}, {address.state} {address.zipCode}.
      </Text>
      <Button
        href={view.orderUrl}
        style={{ backgroundColor: colors.walnut, borderRadius: '6px', color: '#ffffff', fontSize: '15px', padding: '12px 20px' }}
      >
        View your order
      </Button>
      <Text style={{ ...text, marginTop: '16px' }}>
        {`${PROCESSING_TEXT} ${SHIPS_WITHIN_TEXT} We will email you tracking details once it ships.`}
      </Text>
    </EmailLayout>
  );
}
