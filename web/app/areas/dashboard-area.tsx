import { Stack } from '@mantine/core';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { DashboardView } from '#web/features/admin/components/dashboard-view.tsx';
import { FailedMails } from '#web/features/admin/components/failed-mails.tsx';
import { PaymentAttention } from '#web/features/admin/components/payment-attention.tsx';

// The dashboards are their own chunk: only they download the chart library.
export function AdminDashboardPage() {
  usePageTitle('Dashboard');
  return (
    <Stack>
      <PaymentAttention />
      <FailedMails />
      <DashboardView scope="fusion" />
    </Stack>
  );
}

export function PartnerDashboardPage() {
  usePageTitle('Dashboard');
  return <DashboardView scope="partner" />;
}
