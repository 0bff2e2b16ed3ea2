import { Group, Select, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { Payout } from '#common/contracts/payouts';
import { QueryState } from '#web/components/query-state.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { useBalances } from '../api/get-balances.ts';
import { type PayoutStatus, usePayouts } from '../api/get-payouts.ts';
import { Balances } from '../components/balances.tsx';
import { ExportPayoutsForm } from '../components/export-payouts-form.tsx';
import { PayPayoutDialog } from '../components/pay-payout-dialog.tsx';
import { PayoutsList } from '../components/payouts-list.tsx';
import { payoutStatusLabels, text } from '../messages.ts';

const statusOptions = [
  { value: '', label: text.allStatuses },
  ...(['pending', 'paid', 'canceled'] as const).map((value) => ({
    value,
    label: payoutStatusLabels[value]!,
  })),
];

/**
 * /admin/repasses: each partner's balances with "Criar repasse", the payouts (pending ones marked
 * paid with their proof or canceled) and the export for the bank.
 */
export function AdminPayoutsPage() {
  usePageTitle(text.title);
  const [status, setStatus] = useState<PayoutStatus | null>(null);
  const [paying, setPaying] = useState<Payout | null>(null);
  const balances = useBalances();
  const payouts = usePayouts(status);
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  return (
    <Stack>
      <Title order={1} fz="h2">
        {text.title}
      </Title>
      <Title order={2} fz="h4">
        {text.balancesTitle}
      </Title>
      <QueryState isPending={balances.isPending} error={balances.error} retry={() => balances.refetch()}>
        <Balances balances={balances.data ?? []} phone={phone} />
      </QueryState>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} fz="h4">
          {text.listTitle}
        </Title>
        <Select
          label={text.status}
          data={statusOptions}
          value={status ?? ''}
          onChange={(v) => setStatus((v || null) as PayoutStatus | null)}
          allowDeselect={false}
          w={{ base: '100%', sm: 200 }}
        />
      </Group>
      <QueryState isPending={payouts.isPending} error={payouts.error} retry={() => payouts.refetch()}>
        <PayoutsList
          payouts={payouts.data ?? []}
          phone={phone}
          filtered={status !== null}
          onPay={setPaying}
        />
      </QueryState>
      <ExportPayoutsForm />
      <PayPayoutDialog payout={paying} onClose={() => setPaying(null)} />
    </Stack>
  );
}
