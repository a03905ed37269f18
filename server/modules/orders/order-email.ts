import { formatCents, lineCents } from '../../domain/money';
import { formatOrderNumber } from '../../domain/order-number';
import type { OrderDto } from './order.schema';

/** The customer's order confirmation (D14), plain text. */
export function orderConfirmationEmail(order: OrderDto): { subject: string; text: string } {
  const number = formatOrderNumber(order.id);
  const address = order.shippingAddress;
  const lines = order.items.map((item) => `  ${item.quantity} x ${item.name}  $${formatCents(lineCents(item.price, item.quantity))}`);
  const text = [
    `Hello ${order.customerName},`,
    '',
    `Thank you for your order ${number}. Your payment was received and we will begin crafting your pieces.`,
    '',
    'Items:',
    ...lines,
    '',
    `Subtotal: $${order.subtotal}`,
    `Shipping: $${order.shipping}`,
    `Tax:      $${order.tax}`,
    `Total:    $${order.total}`,
    '',
    'Shipping to:',
    `  ${address.address}`,
    `  ${address.city}, ${address.state} ${address.zipCode}`,
    '',
    'Typical processing takes 3-5 business days. We will email you tracking details once your order ships.',
    '',
    'Turnery',
  ].join('\n');
  return { subject: `Your Turnery order ${number}`, text };
}
