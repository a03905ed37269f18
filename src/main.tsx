import './mantine-styles';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { CartProvider } from './features/cart/CartProvider';
import { queryClient } from './lib/query-client';
import { trpc, trpcClient } from './lib/trpc';
import { makeRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

const router = makeRouter(queryClient);
const NotificationsHost = lazy(() => import('./lib/NotificationsHost'));

const app = (
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
  </StrictMode>
);

const root = createRoot(document.getElementById('root')!);
// As a transition the first render yields to the browser every few milliseconds instead of holding the main
// thread for the whole tree at once (the total blocking time of a phone's first visit).
startTransition(() => root.render(app));
