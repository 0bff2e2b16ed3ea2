import { Card, Group, Stack, Table, Text } from '@mantine/core';
import type { Payout, StatementLine } from '#common/contracts/payouts';
import { appointmentStatusLabels } from '#common/domain/booking';
import { ScrollTable } from '#web/components/scroll-table.tsx';
import { formatBrl } from '#web/lib/format.ts';
import { text } from '../messages.ts';
import { shortDate } from '../month.ts';
import { LinePayoutState } from './line-payout-state.tsx';

const hour = (iso: string) => iso.slice(11, 16);
const status = (s: string) => appointmentStatusLabels[s] ?? s;
/** A deduction, written with its minus sign ("− R$ 12,00"); nothing to deduct is a dash. */
const minus = (cents: number) => (cents === 0 ? '—' : `− ${formatBrl(cents)}`);

interface LinesProps {
  lines: StatementLine[];
  payouts: Map<string, Payout>;
  now: number;
}

/** On a phone, one card per line: the table would leave the net and its state off screen. */
function LineCards({ lines, payouts, now }: LinesProps) {
  return (
    <Stack gap="xs" aria-label={text.linesLabel} role="list">
      {lines.map((l) => (
        <Card key={l.appointment_uuid} withBorder padding="sm" role="listitem">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Text fw={700}>
                {shortDate(l.date_time)} · {hour(l.date_time)}
              </Text>
              <Text size="sm">{l.room_name}</Text>
              <Text size="xs" c="dark.4">
                {status(l.status)}
              </Text>
            </div>
            <Stack gap={0} align="flex-end">
              <Text fw={700}>{formatBrl(l.net_cents)}</Text>
              <Text size="xs" c="dark.4">
                {text.columns.net}
              </Text>
            </Stack>
          </Group>
          <Text size="xs" c="dark.4" mt={4}>
            {text.columns.gross} {formatBrl(l.gross_cents)} · {text.columns.refunded}{' '}
            {minus(l.refunded_cents)} · {text.columns.fee} {minus(l.fee_cents)}
          </Text>
          <Group mt={6}>
            <LinePayoutState line={l} payouts={payouts} now={now} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

function LineTable({ lines, payouts, now }: LinesProps) {
  const c = text.columns;
  return (
    <ScrollTable minWidth={940} label={text.linesLabel}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c.date}</Table.Th>
            <Table.Th>{c.hour}</Table.Th>
            <Table.Th>{c.room}</Table.Th>
            <Table.Th>{c.status}</Table.Th>
            <Table.Th ta="right">{c.gross}</Table.Th>
            <Table.Th ta="right">{c.refunded}</Table.Th>
            <Table.Th ta="right">{c.fee}</Table.Th>
            <Table.Th ta="right">{c.net}</Table.Th>
            <Table.Th>{c.payout}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.appointment_uuid}>
              <Table.Td>{shortDate(l.date_time)}</Table.Td>
              <Table.Td>{hour(l.date_time)}</Table.Td>
              <Table.Td>{l.room_name}</Table.Td>
              <Table.Td>{status(l.status)}</Table.Td>
              <Table.Td ta="right">{formatBrl(l.gross_cents)}</Table.Td>
              <Table.Td ta="right">{minus(l.refunded_cents)}</Table.Td>
              <Table.Td ta="right">{minus(l.fee_cents)}</Table.Td>
              <Table.Td ta="right" fw={700}>
                {formatBrl(l.net_cents)}
              </Table.Td>
              <Table.Td>
                <LinePayoutState line={l} payouts={payouts} now={now} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** The statement's lines: a table from 768 px, cards below. */
export function StatementLines({ phone, ...props }: LinesProps & { phone: boolean }) {
  return phone ? <LineCards {...props} /> : <LineTable {...props} />;
}
