import { adminRouter } from '../modules/admin/admin.router';
import { blogRouter } from '../modules/blog/blog.router';
import { commissionsRouter } from '../modules/commissions/commissions.router';
import { checkoutRouter } from '../modules/checkout/checkout.router';
import { contactRouter } from '../modules/contacts/contact.router';
import { healthRouter } from '../modules/health/health.router';
import { newsletterRouter } from '../modules/newsletter/newsletter.router';
import { ordersRouter } from '../modules/orders/orders.router';
import { paymentsRouter } from '../modules/payments/payments.router';
import { productsRouter } from '../modules/products/products.router';
import { shopRouter } from '../modules/shop/shop.router';
import { router } from './init';

// Joins the domain routers; each module adds one line here.
export const appRouter = router({
  health: healthRouter,
  // Before the public routers: the REST mirror takes the first path that matches, and GET /blog/all must
  // not be read as a post id.
  admin: adminRouter,
  products: productsRouter,
  blog: blogRouter,
  contact: contactRouter,
  newsletter: newsletterRouter,
  shop: shopRouter,
  checkout: checkoutRouter,
  payments: paymentsRouter,
  orders: ordersRouter,
  commissions: commissionsRouter,
});

export type AppRouter = typeof appRouter;
