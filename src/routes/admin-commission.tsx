import { getRouteApi } from '@tanstack/react-router';
import { CommissionPage } from '../features/admin/commissions/CommissionPage';
import { usePageMeta } from '../lib/page-meta';

const commissionRoute = getRouteApi('/admin-shell/admin/commissions/$id');

// One commission, a page of its own inside the admin's frame, which has asked the server first (D17).
export default function AdminCommissionPage() {
  const { id } = commissionRoute.useParams();
  usePageMeta(`Commission #${id} - Admin`, 'One commission, for the owner.');
  const number = /^\d{1,9}$/.test(id) ? Number(id) : null;
  return <CommissionPage id={number !== null && number > 0 ? number : null} />;
}
