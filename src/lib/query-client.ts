import { QueryClient } from '@tanstack/react-query';

// SPEC.md section 9: no retries for reads or writes, no refetch on focus or interval, results never stale.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity },
    mutations: { retry: false },
  },
});
