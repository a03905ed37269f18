import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Product } from '../products';

export interface ShippingAddress {
  address: string;
  city: string;
  state: string;
  zipCode: string;
  phone: string;
}
export type BillingAddress = Omit<ShippingAddress, 'phone'>;

export const Order = defineEntity({
  name: 'Order',
  tableName: 'shop_order',
  properties: {
    id: p.integer().primary().autoincrement(),
    customerEmail: p.string().length(254),
    customerName: p.string().length(200),
    shippingAddress: p.json<ShippingAddress>(),
    billingAddress: p.json<BillingAddress>(),
    subtotal: p.decimal().precision(10).scale(2),
    shipping: p.decimal().precision(10).scale(2),
    tax: p.decimal().precision(10).scale(2),
    total: p.decimal().precision(10).scale(2),
    // The discount code the order used (D40), as the owner spelled it, and what it took off the total.
    discountCode: p.string().length(40).nullable(),
    discount: p.decimal().precision(10).scale(2).default('0.00'),
    // 'shop' (a cart bought at the checkout) or 'commission' (a commission's accepted quote, server/modules/commissions).
    kind: p.string().length(12).default('shop'),
    // server/domain/order-statuses.ts; moves by server/domain/order-transitions.ts
    status: p.string().length(20).default('pending').index(),
    // Set when the order ships: USPS, UPS, FedEx or other, and the carrier's number.
    carrier: p.string().length(20).nullable(),
    trackingNumber: p.string().length(100).nullable(),
    paymentMethod: p.string().length(20),
    paypalOrderId: p.string().length(100).nullable(),
    // One payment pays for one order (D8): the unique constraints refuse a replay even under a race.
    paypalCaptureId: p.string().length(100).nullable().unique(),
    squarePaymentId: p.string().length(100).nullable().unique(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .index(),
    items: () => p.oneToMany(OrderItem).mappedBy('order').orphanRemoval(),
  },
});

export const OrderItem = defineEntity({
  name: 'OrderItem',
  tableName: 'order_item',
  properties: {
    id: p.integer().primary().autoincrement(),
    order: () => p.manyToOne(Order).index(),
    product: () => p.manyToOne(Product).index(),
    // A snapshot of the product as sold, so later edits never rewrite an old order.
    name: p.string().length(200),
    price: p.decimal().precision(10).scale(2),
    quantity: p.integer(),
    // The variant sold (D38), and its title as sold ("Walnut / Large"); null for a product without options.
    variantId: p.integer().nullable(),
    variant: p.string().length(200).nullable(),
  },
});

export type IOrder = InferEntity<typeof Order>;
export type IOrderItem = InferEntity<typeof OrderItem>;
