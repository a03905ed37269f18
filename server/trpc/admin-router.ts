import { blogAdminRouter } from '../modules/blog';
import { salesSettingsAdminRouter } from '../modules/checkout';
import { commissionsAdminRouter } from '../modules/commissions';
import { contactsAdminRouter } from '../modules/contacts';
import { discountsAdminRouter } from '../modules/discounts';
import { emailsAdminRouter } from '../modules/mail';
import { newsletterAdminRouter } from '../modules/newsletter';
import { ordersAdminRouter } from '../modules/orders';
import { sitePagesAdminRouter } from '../modules/pages';
import { productsAdminRouter } from '../modules/products';
import { reviewsAdminRouter } from '../modules/reviews';
import { webhooksAdminRouter } from '../modules/webhooks';
import { router } from './init';
import { accountRouter, apiTokensRouter, authRouter, statsRouter } from '../modules/admin';

// Everything the owner does, under `admin.*` on tRPC; each part keeps the REST paths of docs/product.md section 7.
// Joined here, beside app-router.ts, rather than in the admin module, so that the admin module imports no other
// module (the orders and the commissions import the admin's, docs/architecture.md: no cycles between modules).
export const adminRouter = router({
  auth: authRouter,
  account: accountRouter,
  tokens: apiTokensRouter,
  dashboard: statsRouter,
  products: productsAdminRouter,
  blog: blogAdminRouter,
  pages: sitePagesAdminRouter,
  orders: ordersAdminRouter,
  contacts: contactsAdminRouter,
  emails: emailsAdminRouter,
  webhooks: webhooksAdminRouter,
  commissions: commissionsAdminRouter,
  reviews: reviewsAdminRouter,
  sales: salesSettingsAdminRouter,
  discounts: discountsAdminRouter,
  newsletter: newsletterAdminRouter,
});
