import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, type RouterHistory } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { PAGES, type Page } from '../server/domain/pages';
import { AppLayout } from './components/layout/AppLayout';
import { CartButton } from './features/cart/CartButton';
import { LazyCartDrawer } from './features/cart/LazyCartDrawer';
import type { LoadPageData } from './lib/page-data';
import { loaderOf, searchOf, type SearchOf, type SearchValidator } from './page-loaders';

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

// The pages of server/domain/pages.ts (docs/product.md section 2's route table). Every page's file is its own chunk,
// loaded when a visitor goes there (or hovers a link to it), so the first bundle holds only what every page needs.
const PAGE_FILES = import.meta.glob<{ default: () => React.JSX.Element }>('./*.tsx', { base: './routes/' });

/** A page's route: its file as the component, its address, its search (the shop's filters) and its loader. */
function pageRoute<const P extends Page, V extends SearchValidator>(page: P, validateSearch: V) {
  // src/page-files.test.ts checks that every page has its file.
  const file = PAGE_FILES[`./${page.file}.tsx`]!;
  const typed = { getParentRoute: () => rootRoute, path: page.path as P['path'], component: lazyRouteComponent(file), validateSearch };
  // The loaders are typed on their own (page-loaders.ts); the route's type needs only the path and the search.
  return createRoute(Object.assign(typed, loaderOf(page)));
}

// The admin's pages share one layout route without an address of its own: the navigation, and the server's answer
// that the visitor is the admin (D17), stay mounted while the owner moves from section to section.
const adminShell = createRoute({
  getParentRoute: () => rootRoute,
  id: 'admin-shell',
  component: lazyRouteComponent(() => import('./features/admin/AdminShell'), 'AdminShell'),
});

/** An admin page's route, inside the admin's layout (no loader: nothing of the admin is fetched before D17's yes). */
function adminRoute<const P extends Page>(page: P) {
  const file = PAGE_FILES[`./${page.file}.tsx`]!;
  // The path as its own literal type (as pageRoute's), so the router types each admin page's address and parameters.
  const path = page.path as P['path'];
  return createRoute({ getParentRoute: () => adminShell, path, component: lazyRouteComponent(file) });
}

type StorefrontPage = Exclude<(typeof PAGES)[number], { shell: 'admin' }>;
type AdminPage = Extract<(typeof PAGES)[number], { shell: 'admin' }>;
/** Each page's own route type, so links, parameters and the shop's search stay typed (a union: one per page). */
type RouteOf<P> = P extends Page ? ReturnType<typeof pageRoute<P, SearchOf<P>>> : never;
type AdminRouteOf<P> = P extends Page ? ReturnType<typeof adminRoute<P>> : never;

const isAdmin = (page: Page) => 'shell' in page && page.shell === 'admin';
// Maps over the table give one list type for each kind of route; each is typed as what it is, route by route.
const pageRoutes = PAGES.filter((page) => !isAdmin(page)).map((page) =>
  pageRoute(page, searchOf(page)),
) as unknown as RouteOf<StorefrontPage>[];
const adminRoutes = PAGES.filter(isAdmin).map((page) => adminRoute(page)) as unknown as AdminRouteOf<AdminPage>[];

export const routeTree = rootRoute.addChildren([...pageRoutes, adminShell.addChildren(adminRoutes)]);

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
