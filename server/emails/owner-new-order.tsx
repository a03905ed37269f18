import { Text } from '@react-email/components';
import { formatOrderNumber } from '../domain/order-number';
import type { OrderDto } from '../modules/orders/order.schema';
import { EmailLayout, text, type ShopFooter } from './layout';

/** To the owner: a new paid order to craft; replying answers the customer (Reply-To). */
export function OwnerNewOrderEmail({ order, adminUrl, shop }: { order: OrderDto; adminUrl: string; shop: ShopFooter }) {
  const address = order.shippingAddress;
  return (
    <EmailLayout preview={`New order ${formatOrderNumber(order.id)}: $${order.total}`} shop={shop}>
      <Text style={text}>
        {order.customerName} ({order.customerEmail}) ordered, paid with {order.paymentMethod === 'paypal' ? 'PayPal' : 'a card'}:
      </Text>
      {order.items.map((item) => (
        <Text key={item.productId} style={{ ...text, margin: '0 0 4px' }}>
          {item.quantity} x {item.name}
        </Text>
      ))}
      <Text style={{ ...text, marginTop: '12px' }}>
        Total ${order.total}. Ship to {address.address}, {address.city}, {address.state} {address.zipCode} ({address.phone}).
      </Text>
      <Text style={text}>Open the admin to see it: {adminUrl}</Text>
    </EmailLayout>
  );
}
