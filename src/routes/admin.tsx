import { AdminHome } from '../features/admin/AdminHome';
import { usePageMeta } from '../lib/page-meta';

// Inside the admin's frame (src/features/admin/AdminShell.tsx), which has asked the server first (D17).
export default function AdminPage() {
  usePageMeta('Admin Dashboard', 'Manage your products, orders, and content');
  return <AdminHome />;
}
