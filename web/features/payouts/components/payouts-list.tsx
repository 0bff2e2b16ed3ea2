import { Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { Payout } from '#common/contracts/payouts';
import { ScrollTable } from '#web/components/scroll-table.tsx';
import { errorText } from '#web/lib/api.ts';
import { formatBrl, formatShortDate } from '#web/lib/format.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useCancelPayout } from '../api/cancel-payout.ts';
import { text } from '../messages.ts';
import { PayoutStatusBadge } from './payout-badges.tsx';

/** "Marcar como pago" and "Cancelar" for a pending payout; nothing for the others. */
function Actions({
  payout,
  onPay,
  onCancel,
}: {
  payout: Payout;
  onPay(p: Payout): void;
  onCancel(p: Payout): void;
}) {
  if (payout.status !== 'pending') return null;
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        size="xs"
        leftSection={<IconCheck size={14} />}
        onClick={() => onPay(payout)}
        aria-label={text.markPaidOf(payout.partner_name)}
      >
        {text.markPaid}
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        leftSection={<IconX size={14} />}
        onClick={() => onCancel(payout)}
        aria-label={text.cancelOf(payout.partner_name)}
      >
        {text.cancel}
      </Button>
    </Group>
  );
}

/** The operator's payouts, with the actions of the pending ones; a table from 768 px, cards below. */
export function PayoutsList({
  payouts,
  phone,
  filtered,
  onPay,
}: {
  payouts: Payout[];
  phone: boolean;
  /** A status is chosen: the empty list says "nesta situação". */
  filtered: boolean;
  onPay(p: Payout): void;
}) {
  const cancel = useCancelPayout();
  const onCancel = (p: Payout) =>
    modals.openConfirmModal({
      title: text.cancelTitle,
      children: <Text>{text.cancelBody(p.partner_name, p.amount_cents)}</Text>,
      labels: { confirm: text.cancelConfirm, cancel: text.keep },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(p.uuid, {
          onSuccess: () => notifySuccess(text.canceled(p.partner_name)),
          onError: (err) => notifyError(text.cancelFailed, errorText(err)),
        }),
    });

  if (payouts.length === 0)
    return (
      <Card withBorder p="lg">
        <Text ta="center">{filtered ? text.noPayoutsFiltered : text.noPayoutsYet}</Text>
      </Card>
    );
  const c = text.columns;
  if (phone)
    return (
      <Stack gap="xs" role="list" aria-label={text.listLabel}>
        {payouts.map((p) => (
          <Card key={p.uuid} withBorder padding="sm" role="listitem">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <div>
                <Text fw={700}>{p.partner_name}</Text>
                <Text size="xs" c="dark.4">
                  {formatShortDate(p.created_at)} · {text.lineCount(p.lines.length)}
                </Text>
              </div>
              <Stack gap={4} align="flex-end">
                <Text fw={700}>{formatBrl(p.amount_cents)}</Text>
                <PayoutStatusBadge status={p.status} />
              </Stack>
            </Group>
            {p.reference && (
              <Text size="xs" c="dark.4" mt={4} style={{ overflowWrap: 'anywhere' }}>
                {c.reference}: {p.reference}
              </Text>
            )}
            <Group mt={6}>
              <Actions payout={p} onPay={onPay} onCancel={onCancel} />
            </Group>
          </Card>
        ))}
      </Stack>
    );
  return (
    <ScrollTable minWidth={900} label={text.listLabel}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c.created}</Table.Th>
            <Table.Th>{c.partner}</Table.Th>
            <Table.Th ta="right">{c.amount}</Table.Th>
            <Table.Th>{c.status}</Table.Th>
            <Table.Th>{c.reference}</Table.Th>
            <Table.Th w={260}>
              <VisuallyHidden>{c.actions}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payouts.map((p) => (
            <Table.Tr key={p.uuid}>
              <Table.Td>
                {formatShortDate(p.created_at)}
                <Text size="xs" c="dark.4">
                  {text.lineCount(p.lines.length)}
                </Text>
              </Table.Td>
              <Table.Td fw={600}>{p.partner_name}</Table.Td>
              <Table.Td ta="right" fw={700}>
                {formatBrl(p.amount_cents)}
              </Table.Td>
              <Table.Td>
                <PayoutStatusBadge status={p.status} />
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {p.reference ?? text.noReference}
                {p.paid_at && (
                  <Text size="xs" c="dark.4">
                    {c.paidAt} {formatShortDate(p.paid_at)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Actions payout={p} onPay={onPay} onCancel={onCancel} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
