import { Badge, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCashBanknote } from '@tabler/icons-react';
import type { Balance } from '#common/contracts/payouts';
import { ScrollTable } from '#web/components/scroll-table.tsx';
import { errorText } from '#web/lib/api.ts';
import { formatBrl } from '#web/lib/format.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useCreatePayout } from '../api/create-payout.ts';
import { settlementLabels, text } from '../messages.ts';

const dark = { color: 'var(--mantine-color-dark-7)' };

function SettlementBadge({ settlement }: { settlement: Balance['settlement'] }) {
  return (
    <Badge variant="light" color={settlement === 'split' ? 'blue' : 'gray'} style={dark}>
      {settlementLabels[settlement]}
    </Badge>
  );
}

/** "Criar repasse" for a partner with something available here; else nothing. */
function CreateButton({ balance, onCreate }: { balance: Balance; onCreate(b: Balance): void }) {
  // A partner on split may still have money here: from before it connected, or saved cards the
  // provider cannot split (decision 0035).
  if (balance.available_cents <= 0) return null;
  return (
    <Button
      size="xs"
      leftSection={<IconCashBanknote size={14} />}
      onClick={() => onCreate(balance)}
      aria-label={text.createOf(balance.name)}
    >
      {text.create}
    </Button>
  );
}

/** Each partner's balances, with "Criar repasse" (after a confirmation naming the amount). */
export function Balances({ balances, phone }: { balances: Balance[]; phone: boolean }) {
  const create = useCreatePayout();
  const confirm = (b: Balance) =>
    modals.openConfirmModal({
      title: text.createTitle,
      children: <Text>{text.createBody(b.name, b.available_cents)}</Text>,
      labels: { confirm: text.createConfirm, cancel: text.keep },
      onConfirm: () =>
        create.mutate(b.partner_uuid, {
          onSuccess: (payout) => notifySuccess(text.created(b.name, payout.amount_cents)),
          onError: (err) => notifyError(text.createFailed, errorText(err)),
        }),
    });

  if (balances.length === 0)
    return (
      <Card withBorder p="lg">
        <Text ta="center">{text.noBalances}</Text>
      </Card>
    );
  const c = text.columns;
  if (phone)
    return (
      <Stack gap="xs" role="list" aria-label={text.balancesLabel}>
        {balances.map((b) => (
          <Card key={b.partner_uuid} withBorder padding="sm" role="listitem">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Text fw={700}>{b.name}</Text>
              <SettlementBadge settlement={b.settlement} />
            </Group>
            <Text size="sm" mt={4}>
              {text.totals.pending} {formatBrl(b.pending_cents)} · {text.totals.available}{' '}
              <b>{formatBrl(b.available_cents)}</b> · {text.totals.paid} {formatBrl(b.paid_out_cents)}
            </Text>
            <Group mt={6}>
              <CreateButton balance={b} onCreate={confirm} />
            </Group>
          </Card>
        ))}
      </Stack>
    );
  return (
    <ScrollTable minWidth={820} label={text.balancesLabel}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c.partner}</Table.Th>
            <Table.Th>{c.settlement}</Table.Th>
            <Table.Th ta="right">{text.totals.pending}</Table.Th>
            <Table.Th ta="right">{text.totals.available}</Table.Th>
            <Table.Th ta="right">{text.totals.paid}</Table.Th>
            <Table.Th w={150}>
              <VisuallyHidden>{c.actions}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {balances.map((b) => (
            <Table.Tr key={b.partner_uuid}>
              <Table.Td fw={600}>{b.name}</Table.Td>
              <Table.Td>
                <SettlementBadge settlement={b.settlement} />
              </Table.Td>
              <Table.Td ta="right">{formatBrl(b.pending_cents)}</Table.Td>
              <Table.Td ta="right" fw={700}>
                {formatBrl(b.available_cents)}
              </Table.Td>
              <Table.Td ta="right">{formatBrl(b.paid_out_cents)}</Table.Td>
              <Table.Td>
                <CreateButton balance={b} onCreate={confirm} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
