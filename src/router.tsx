import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, type RouterHistory } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { AppLayout } from './components/layout/AppLayout';
import { CartButton } from './features/cart/CartButton';
import { LazyCartDrawer } from './features/cart/LazyCartDrawer';
import { parseProductId } from '../server/domain/product-id';
import { parseShopSearch, shopQueryInput } from './features/catalog/shop-search';
import type { LoadPageData } from './lib/page-data';

// Rarely seen, so its Mantine components (Button, Code) stay out of every page's first bundle.
const NotFound = lazy(() => import('./components/NotFound').then((module) => ({ default: module.NotFound })));

export interface RouterContext {
  queryClient: QueryClient;
  loadData: LoadPageData;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: () => <AppLayout cartButton={<CartButton />} drawer={<LazyCartDrawer />} />,
  notFoundComponent: () => (
    <Suspense fallback={null}>
      <NotFound />
    </Suspense>
  ),
});

// SPEC.md section 2's route table. Every screen is its own chunk, loaded when a visitor goes there (or hovers
// a link to it), so the first bundle holds only what every page needs.
const page = <const TPath extends string>(path: TPath, load: () => Promise<{ default: () => React.JSX.Element }>) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: lazyRouteComponent(load) });

// The loaders below start a page's main query alongside its code (and on a link's hover) instead of after the
// page has rendered. In the browser they do not wait for it: the page still shows its own loading and error
// states. On the server they do, so the first HTML holds the page's data.
const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  loader: ({ context }) => context.loadData((data) => data.products.featured.prefetch()),
  component: lazyRouteComponent(() => import('./routes/home')),
});

const productRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/product/$id',
  loader: ({ context, params }) => {
    const id = parseProductId(params.id);
    if (id !== null) return context.loadData((data) => data.products.byId.prefetch({ id }));
  },
  component: lazyRouteComponent(() => import('./routes/product')),
});

const blogRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/blog',
  loader: ({ context }) => context.loadData((data) => data.blog.list.prefetch()),
  component: lazyRouteComponent(() => import('./routes/blog')),
});

const blogPostRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/blog/$post',
  loader: ({ context, params }) => context.loadData((data) => data.blog.byIdOrSlug.prefetch({ idOrSlug: params.post })),
  component: lazyRouteComponent(() => import('./routes/blog-post')),
});

const contactRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/contact',
  loader: ({ context }) => context.loadData((data) => data.shop.info.prefetch()),
  component: lazyRouteComponent(() => import('./routes/contact')),
});

// The shop's filters live in the URL (search, category, sort), so a filtered view can be shared.
const shopRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/shop',
  validateSearch: parseShopSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.loadData((data) => data.products.list.prefetch(shopQueryInput(deps))),
  component: lazyRouteComponent(() => import('./routes/shop')),
});

export const routeTree = rootRoute.addChildren([
  homeRoute,
  shopRoute,
  productRoute,
  page('/about', () => import('./routes/about')),
  blogRoute,
  blogPostRoute,
  contactRoute,
  page('/admin', () => import('./routes/admin')),
  page('/admin-login', () => import('./routes/admin-login')),
  page('/checkout', () => import('./routes/checkout')),
  page('/checkout/success', () => import('./routes/checkout-success')),
  page('/checkout/cancel', () => import('./routes/checkout-cancel')),
  page('/order-confirmation', () => import('./routes/order-confirmation')),
  page('/newsletter/unsubscribe', () => import('./routes/newsletter-unsubscribe')),
]);

export function makeRouter(context: RouterContext, options: { history?: RouterHistory; scrollRestoration?: boolean } = {}) {
  return createRouter({
    routeTree,
    context,
    history: options.history,
    defaultPreload: 'intent',
    scrollRestoration: options.scrollRestoration ?? true,
  });
}

export type AppRouter = ReturnType<typeof makeRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
