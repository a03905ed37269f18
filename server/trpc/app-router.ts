import { adminRouter } from './admin-router';
import { blogRouter } from '../modules/blog';
import { commissionsRouter } from '../modules/commissions';
import { checkoutRouter, salesSettingsRouter } from '../modules/checkout';
import { contactRouter } from '../modules/contacts';
import { healthRouter } from '../modules/health';
import { newsletterRouter } from '../modules/newsletter';
import { ordersRouter, paymentsRouter } from '../modules/orders';
import { sitePagesRouter } from '../modules/pages';
import { productsRouter } from '../modules/products';
import { reviewsRouter } from '../modules/reviews';
import { shopRouter } from '../modules/shop';
import { router } from './init';

// Joins the domain routers; each module adds one line here.
export const appRouter = router({
  health: healthRouter,
  // Before the public routers: the REST mirror takes the first path that matches, and GET /blog/all must
  // not be read as a post id.
  admin: adminRouter,
  products: productsRouter,
  blog: blogRouter,
  pages: sitePagesRouter,
  contact: contactRouter,
  newsletter: newsletterRouter,
  shop: shopRouter,
  checkout: checkoutRouter,
  shipping: salesSettingsRouter,
  payments: paymentsRouter,
  orders: ordersRouter,
  commissions: commissionsRouter,
  reviews: reviewsRouter,
});

export type AppRouter = typeof appRouter;
