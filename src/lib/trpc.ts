import { httpBatchLink } from '@trpc/client';
import { createTRPCQueryUtils, createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../../server/trpc/app-router';
import { queryClient } from './query-client';

export const trpc = createTRPCReact<AppRouter>();

export const trpcClient = trpc.createClient({
  links: [httpBatchLink({ url: '/trpc', fetch: (url, options) => fetch(url, { ...options, credentials: 'same-origin' }) })],
});

/** The same procedures outside React: route loaders start a page's query while its code is still loading. */
export const trpcUtils = createTRPCQueryUtils({ queryClient, client: trpcClient });
