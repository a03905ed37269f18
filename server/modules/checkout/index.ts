// The checkout module's front door: all that other modules and the server's other parts may import from it
// (docs/architecture.md; the lint refuses an import of any other file of the module).
export { checkoutRouter } from './checkout.router';
export { requireServed, SalesSettings } from './sales-settings';
export { salesSettingsAdminRouter, salesSettingsRouter } from './sales-settings.router';
export { discountCodeInput, oneLineEach, productIdInput, quantityInput, variantIdInput } from './checkout.schema';
export { type CartLine, type CartPrice, type PricedProduct, cartVariantIds, orderFigures, priceCart } from './pricing';
