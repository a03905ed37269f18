import { Center, Loader, Stack, Text } from '@mantine/core';
import { Navigate } from '@tanstack/react-router';
import { AdminDashboard } from '../features/admin/AdminDashboard';
import { useAdminSession } from '../features/admin/use-admin-session';
import { usePageMeta } from '../lib/page-meta';

// D17: ask the server first; nothing of the dashboard is rendered (or fetched) before it says yes.
export default function AdminPage() {
  usePageMeta('Admin Dashboard', 'Manage your products, orders, and content');
  const session = useAdminSession();
  if (session === 'checking') {
    return (
      <Center py={120}>
        <Stack align="center" gap="sm" role="status">
          <Loader aria-hidden />
          <Text>Checking authentication...</Text>
        </Stack>
      </Center>
    );
  }
  if (session === 'unauthenticated') return <Navigate to="/admin-login" replace />;
  return <AdminDashboard />;
}
