import { httpBatchLink, httpLink, splitLink } from '@trpc/client';
import { createTRPCQueryUtils, createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../../server/trpc/app-router';
import { queryClient } from './query-client';

export const trpc = createTRPCReact<AppRouter>();

const sameOrigin = (url: URL | RequestInfo, options?: RequestInit) => fetch(url, { ...options, credentials: 'same-origin' });

export const trpcClient = trpc.createClient({
  links: [
    splitLink({
      // An owner's money call with its dialog's Idempotency-Key (src/lib/idempotency-key.ts, D36) goes alone: a batch
      // has one set of headers for all its calls.
      condition: (op) => typeof op.context.idempotencyKey === 'string',
      true: httpLink({
        url: '/trpc',
        fetch: sameOrigin,
        headers: ({ op }) => ({ 'Idempotency-Key': op.context.idempotencyKey as string }),
      }),
      false: httpBatchLink({ url: '/trpc', fetch: sameOrigin }),
    }),
  ],
});

/** The same procedures outside React: route loaders start a page's query while its code is still loading. */
export const trpcUtils = createTRPCQueryUtils({ queryClient, client: trpcClient });
