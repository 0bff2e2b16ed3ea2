import { usePageTitle } from '#web/components/use-page-title.ts';
import { DashboardView } from '#web/features/admin/components/dashboard-view.tsx';

// The dashboards are their own chunk: only they download the chart library.
export function AdminDashboardPage() {
  usePageTitle('Dashboard');
  return <DashboardView scope="fusion" />;
}

export function PartnerDashboardPage() {
  usePageTitle('Dashboard');
  return <DashboardView scope="partner" />;
}
