import { trpc } from '../../lib/trpc';

export type AdminSessionState = 'checking' | 'authenticated' | 'unauthenticated';

/**
 * docs/product.md section 4's admin session: checking, then authenticated or not. Asked afresh each time the dashboard
 * mounts (a cached answer could be stale after a logout elsewhere); a failed call counts as not authenticated.
 */
export function useAdminSession(): AdminSessionState {
  const verify = trpc.admin.auth.verify.useQuery(undefined, { staleTime: 0, gcTime: 0, refetchOnMount: 'always' });
  if (verify.isPending) return 'checking';
  return verify.data?.authenticated ? 'authenticated' : 'unauthenticated';
}
