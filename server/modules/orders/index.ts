// The orders module's front door: all that other modules and the server's other parts may import from it
// (docs/architecture.md; the lint refuses an import of any other file of the module).
export { insertCommissionOrder, moveCommissionOrder, reserveOrderId } from './commission-order';
export type { OrderMailSettings } from './order-email';
export { orderMailSettings } from './order-mail-settings';
export { decideRefund } from './order-refunds.service';
export { orderSearchInput, ordersForExport } from './order-search';
export { type OrderDto, billingAddressInput, shippingAddressInput } from './order.schema';
export { type OrderLineFacts, orderLineFacts } from './order-lines';
export { wasOrdered } from './ordered-products';
export { ordersAdminRouter } from './orders.admin.router';
export { ordersRouter } from './orders.router';
export { findOrder } from './orders.service';
export { claimPayment, refundUnlessPaidFor } from './payment-check';
export { paymentsRouter } from './payments.router';
export { cardSourceId, paypalOrderIdText } from './payments.schema';
export { requireShopPayPalOrder } from './paypal-checkout';
