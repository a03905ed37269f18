import { Text } from '@react-email/components';
import { lineName } from '../domain/line-name';
import { formatOrderNumber } from '../domain/order-number';
import type { OrderDto } from '../modules/orders';
import { EmailLayout, text, type ShopFooter } from './layout';

/** What the owner's notice shows, every value as its text (the component only places them). */
export type OwnerNewOrderView = {
  preview: string;
  customerName: string;
  customerEmail: string;
  payment: string;
  items: readonly string[];
  total: string;
  address: { address: string; city: string; state: string; zipCode: string; phone: string };
  adminUrl: string;
  shop: ShopFooter;
};

export function ownerNewOrderView(order: OrderDto, adminUrl: string, shop: ShopFooter): OwnerNewOrderView {
  const { address, city, state, zipCode, phone } = order.shippingAddress;
  return {
    preview: `New order ${formatOrderNumber(order.id)}: $${order.total}`,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    payment: order.paymentMethod === 'paypal' ? 'PayPal' : 'a card',
    items: order.items.map((item) => `${item.quantity} x ${lineName(item)}`),
    total: order.total,
    address: { address, city, state, zipCode, phone: phone ?? '' },
    adminUrl,
    shop,
  };
}

/** To the owner: a new paid order to craft; replying answers the customer (Reply-To). */
export function OwnerNewOrderEmail(view: OwnerNewOrderView) {
  const { address } = view;
  return (
    <EmailLayout preview={view.preview} shop={view.shop}>
      <Text style={text}>
        {view.customerName} ({view.customerEmail}) ordered, paid with {view.payment}:
      </Text>
      {view.items.map((item, index) => (
        <Text key={index} style={{ ...text, margin: '0 0 4px' }}>
          {item}
        </Text>
      ))}
      <Text style={{ ...text, marginTop: '12px' }}>
        Total ${view.total}. Ship to {address.address}, {address.city}, {address.state} {address.zipCode} ({address.phone}).
      </Text>
      <Text style={text}>Open the admin to see it: {view.adminUrl}</Text>
    </EmailLayout>
  );
}
