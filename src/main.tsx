import './mantine-styles';
import './global.css';
import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppShell } from './app-shell';
import { queryClient } from './lib/query-client';
import { readServerState } from './lib/server-state';
import { trpcUtils } from './lib/trpc';
import { makeRouter } from './router';

const router = makeRouter({ queryClient, loadData: (start) => void start(trpcUtils) });
const container = document.getElementById('root')!;
const serverState = readServerState();

if (serverState) {
  // The server rendered this page with these queries' answers: with them in the cache and the route's code
  // loaded, the first render is the server's HTML, which React then takes over instead of drawing anew.
  hydrate(queryClient, serverState);
  // Tells the router its first render must match the server's (no suspense boundary of its own around it).
  router.ssr = { manifest: undefined };
  await router.load();
  // As a transition, taking over the page yields to the browser every few milliseconds instead of holding the
  // main thread for the whole tree at once (the total blocking time of a phone's first visit).
  startTransition(() => void hydrateRoot(container, <AppShell router={router} queryClient={queryClient} />));
} else {
  const root = createRoot(container);
  startTransition(() => root.render(<AppShell router={router} queryClient={queryClient} />));
}
