// The discounts module's front door (D40): all that other modules and the server's other parts may import from it
// (docs/architecture.md; the lint refuses an import of any other file of the module).
export { discountsAdminRouter } from './discounts.admin.router';
export {
  claimDiscountUse,
  countQuotedUse,
  requireFirstUseBy,
  requireMinimum,
  usableDiscount,
  type UsableDiscount,
} from './discounts.service';
