import { httpBatchLink, splitLink } from '@trpc/client';
import { createTRPCQueryUtils, createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../../server/trpc/app-router';
import { queryClient } from './query-client';

export const trpc = createTRPCReact<AppRouter>();

const sameOrigin = (url: URL | RequestInfo, options?: RequestInit) => fetch(url, { ...options, credentials: 'same-origin' });

export const trpcClient = trpc.createClient({
  links: [
    splitLink({
      // An owner's money call with its dialog's Idempotency-Key (src/lib/idempotency-key.ts, D36) goes alone (a batch
      // has one set of headers for all its calls), through a batch link of one: the storefront's bundle carries no
      // second kind of link.
      condition: (op) => typeof op.context.idempotencyKey === 'string',
      true: httpBatchLink({
        url: '/trpc',
        fetch: sameOrigin,
        maxItems: 1,
        headers: ({ opList }) => ({ 'Idempotency-Key': opList[0].context.idempotencyKey as string }),
      }),
      false: httpBatchLink({ url: '/trpc', fetch: sameOrigin }),
    }),
  ],
});

/** The same procedures outside React: route loaders start a page's query while its code is still loading. */
export const trpcUtils = createTRPCQueryUtils({ queryClient, client: trpcClient });
