import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense, useEffect } from 'react';
import { CartProvider } from './features/cart/CartProvider';
import { trpc, trpcClient } from './lib/trpc';
import type { AppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

const NotificationsHost = lazy(() => import('./lib/NotificationsHost'));

/**
 * Everything around the routes, the same in the browser and on the server (which renders the storefront's
 * pages to HTML): the browser must build the very tree the server sent to take it over.
 */
export function AppShell({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <Suspense fallback={null}>
          <NotificationsHost />
        </Suspense>
        <trpc.Provider client={trpcClient} queryClient={queryClient}>
          <QueryClientProvider client={queryClient}>
            <CartProvider>
              <RouterProvider router={router} />
            </CartProvider>
          </QueryClientProvider>
        </trpc.Provider>
      </MantineProvider>
      <ReadyMark />
    </StrictMode>
  );
}

/**
 * `<html data-ready>` once the app has taken over the page: a server-rendered button shows before its click
 * handler exists, so the end-to-end tests wait for this before they click.
 */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}
