import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { Link } from 'react-router';
import type { MyAppointment } from '#common/contracts/booking';
import { WhenWhereCells } from '#web/components/appointment-cells.tsx';
import { DatePickerInput } from '#web/components/date-inputs.ts';
import { Pager } from '#web/components/pager.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { ScrollTable } from '#web/components/scroll-table.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { MySeries } from '#web/features/series/components/my-series.tsx';
import { MyWaitlist } from '#web/features/waitlist/components/my-waitlist.tsx';
import { errorText } from '#web/lib/api.ts';
import { formatBrl, formatShortDate } from '#web/lib/format.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useCancelAppointment, useMyAppointments } from '../api.ts';
import { text } from '../messages.ts';

const t = text.mine;
const statusColor: Record<string, string> = {
  confirmed: 'green',
  pending_payment: 'yellow',
  canceled: 'gray',
  completed: 'blue',
  no_show: 'red',
  expired: 'gray',
};

/** /especialista/agendamentos: upcoming and past bookings, cancel with the policy stated first. */
function StatusBadge({ status }: { status: string }) {
  return (
    <Badge
      color={statusColor[status] ?? 'gray'}
      variant="light"
      style={{ color: 'var(--mantine-color-dark-7)' }}
    >
      {text.statuses[status] ?? status}
    </Badge>
  );
}

/** An hour of a Pix booking not paid yet: canceling it cancels the whole booking (DESIGN §8). */
const unpaidPix = (a: MyAppointment) => a.status === 'pending_payment';

function CancelButton({ onClick }: { onClick(): void }) {
  return (
    <Button size="compact-sm" variant="subtle" color="red" onClick={onClick}>
      {t.cancelAction}
    </Button>
  );
}

export function MyAppointmentsPage() {
  // On a phone a six-column table hides the status and the cancel button off screen: cards instead.
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  usePageTitle(t.title);
  const [page, setPage] = useState(1);
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const list = useMyAppointments(page, { dateInit: range[0], dateEnd: range[1] });
  const cancel = useCancelAppointment();

  const ask = (a: MyAppointment) =>
    modals.openConfirmModal({
      title: t.confirmCancel,
      children: (
        <Stack gap="xs">
          <Text>
            {a.room.name} — {formatShortDate(a.date_time)} às {a.date_time.slice(11, 16)}
          </Text>
          {unpaidPix(a) ? (
            <Text fw={600}>{text.cancel.wholeBookingWarning}</Text>
          ) : (
            <Text fw={600}>{a.refundable ? text.cancel.withRefund : text.cancel.withoutRefund}</Text>
          )}
        </Stack>
      ),
      labels: { confirm: t.confirmCancel, cancel: t.keep },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(a.uuid, {
          onSuccess: (result) =>
            notifySuccess(result.whole_booking ? text.cancel.wholeBookingDone : text.cancel.done),
          onError: (err) => notifyError(text.cancel.failedTitle, errorText(err)),
        }),
    });

  return (
    <Stack>
      <div>
        <Title order={1} fz="h2">
          {t.title}
        </Title>
        <Text c="dimmed">{t.subtitle}</Text>
      </div>
      <MyWaitlist part="offers" />
      <DatePickerInput
        type="range"
        label={`${t.from} / ${t.to}`}
        value={range}
        onChange={(v) => {
          setRange([v[0] ? String(v[0]).slice(0, 10) : null, v[1] ? String(v[1]).slice(0, 10) : null]);
          setPage(1);
        }}
        valueFormat="DD/MM/YYYY"
        clearable
        w={{ base: '100%', sm: 320 }}
      />
      <QueryState isPending={list.isPending} error={list.error} retry={() => list.refetch()}>
        {list.data?.data.length === 0 ? (
          <Card withBorder p="xl">
            <Stack align="center">
              <Text>{t.empty}</Text>
              <Button component={Link} to="/rooms" variant="light">
                Encontrar uma sala
              </Button>
            </Stack>
          </Card>
        ) : phone ? (
          <Stack gap="sm">
            {list.data?.data.map((a) => (
              <Card key={a.uuid} withBorder padding="sm">
                <Group justify="space-between" gap={4}>
                  <Text fw={700}>
                    {formatShortDate(a.date_time)} · {a.date_time.slice(11, 16)}
                  </Text>
                  <StatusBadge status={a.status} />
                </Group>
                <Text size="sm">{a.room.name}</Text>
                <Text size="xs" c="dimmed">
                  {a.clinic.name}
                </Text>
                <Group justify="space-between" mt={4}>
                  <Text size="sm" fw={600}>
                    {formatBrl(a.amount_cents)}
                  </Text>
                  {a.cancelable && <CancelButton onClick={() => ask(a)} />}
                </Group>
              </Card>
            ))}
          </Stack>
        ) : (
          <ScrollTable minWidth={640} label={t.title}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.when}</Table.Th>
                  <Table.Th>{t.hour}</Table.Th>
                  <Table.Th>{t.room}</Table.Th>
                  <Table.Th>{t.amount}</Table.Th>
                  <Table.Th>{t.status}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data?.data.map((a) => (
                  <Table.Tr key={a.uuid}>
                    <WhenWhereCells appointment={a} />
                    <Table.Td>{formatBrl(a.amount_cents)}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={a.status} />
                    </Table.Td>
                    <Table.Td>{a.cancelable && <CancelButton onClick={() => ask(a)} />}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </QueryState>
      <Pager meta={list.data?.meta} onChange={setPage} />
      <MySeries />
      <MyWaitlist part="waiting" />
    </Stack>
  );
}
