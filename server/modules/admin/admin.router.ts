import { blogAdminRouter } from '../blog/blog.admin.router';
import { commissionsAdminRouter } from '../commissions/commissions.admin.router';
import { contactsAdminRouter } from '../contacts/contacts.admin.router';
import { emailsAdminRouter } from '../mail/emails.admin.router';
import { ordersAdminRouter } from '../orders/orders.admin.router';
import { productsAdminRouter } from '../products/products.admin.router';
import { webhooksAdminRouter } from '../webhooks/webhooks.admin.router';
import { router } from '../../trpc/init';
import { accountRouter } from './account.router';
import { apiTokensRouter } from './api-tokens.router';
import { authRouter } from './auth.router';
import { statsRouter } from './stats.router';

// Everything the owner does, under `admin.*` on tRPC; each part keeps the REST paths of docs/product.md section 7.
export const adminRouter = router({
  auth: authRouter,
  account: accountRouter,
  tokens: apiTokensRouter,
  dashboard: statsRouter,
  products: productsAdminRouter,
  blog: blogAdminRouter,
  orders: ordersAdminRouter,
  contacts: contactsAdminRouter,
  emails: emailsAdminRouter,
  webhooks: webhooksAdminRouter,
  commissions: commissionsAdminRouter,
});
