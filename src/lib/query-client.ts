import { QueryClient } from '@tanstack/react-query';

// docs/product.md section 9: no retries for reads or writes, no refetch on focus or interval, results never stale.
export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}

/** The browser's one cache (the server makes one per page it renders). */
export const queryClient = makeQueryClient();
