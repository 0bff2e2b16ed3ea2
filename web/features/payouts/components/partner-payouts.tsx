import { Card, Group, Stack, Table, Text } from '@mantine/core';
import type { Payout } from '#common/contracts/payouts';
import { ScrollTable } from '#web/components/scroll-table.tsx';
import { formatBrl, formatShortDate } from '#web/lib/format.ts';
import { text } from '../messages.ts';
import { payoutAnchor } from './line-payout-state.tsx';
import { PayoutStatusBadge } from './payout-badges.tsx';

const paidOn = (p: Payout) => (p.paid_at ? formatShortDate(p.paid_at) : '—');

/** The partner's payouts: date, amount, status and proof; a table from 768 px, cards below. */
export function PartnerPayouts({ payouts, phone }: { payouts: Payout[]; phone: boolean }) {
  if (payouts.length === 0)
    return (
      <Card withBorder p="lg">
        <Text ta="center">{text.noPayouts}</Text>
      </Card>
    );
  const c = text.columns;
  if (phone)
    return (
      <Stack gap="xs" aria-label={text.payoutsLabel} role="list">
        {payouts.map((p) => (
          <Card key={p.uuid} id={payoutAnchor(p.uuid)} withBorder padding="sm" role="listitem">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <div>
                <Text fw={700}>{formatShortDate(p.created_at)}</Text>
                <Text size="xs" c="dark.4">
                  {text.lineCount(p.lines.length)}
                </Text>
              </div>
              <Stack gap={4} align="flex-end">
                <Text fw={700}>{formatBrl(p.amount_cents)}</Text>
                <PayoutStatusBadge status={p.status} />
              </Stack>
            </Group>
            {p.reference && (
              <Text size="xs" c="dark.4" mt={4} style={{ overflowWrap: 'anywhere' }}>
                {c.reference}: {p.reference} · {c.paidAt} {paidOn(p)}
              </Text>
            )}
          </Card>
        ))}
      </Stack>
    );
  return (
    <ScrollTable minWidth={680} label={text.payoutsLabel}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c.created}</Table.Th>
            <Table.Th ta="right">{c.amount}</Table.Th>
            <Table.Th>{c.status}</Table.Th>
            <Table.Th>{c.paidAt}</Table.Th>
            <Table.Th>{c.reference}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payouts.map((p) => (
            <Table.Tr key={p.uuid} id={payoutAnchor(p.uuid)}>
              <Table.Td>
                {formatShortDate(p.created_at)}
                <Text size="xs" c="dark.4">
                  {text.lineCount(p.lines.length)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" fw={700}>
                {formatBrl(p.amount_cents)}
              </Table.Td>
              <Table.Td>
                <PayoutStatusBadge status={p.status} />
              </Table.Td>
              <Table.Td>{paidOn(p)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.reference ?? text.noReference}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
