import { Badge, Card, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import type { PartnerAppointment } from '#common/contracts/booking';
import { addDays, zonedDate } from '#common/time/zone';
import { PersonCell, WhenWhereCells } from '#web/components/appointment-cells.tsx';
import { DisputeBadge } from '#web/components/dispute-badge.tsx';
import { Pager } from '#web/components/pager.tsx';
import { PeriodInput } from '#web/components/period-input.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { ScrollTable } from '#web/components/scroll-table.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { text as bookingText } from '#web/features/bookings/messages.ts';
import { useClinics, useRooms } from '#web/features/supply/api.ts';
import { errorText } from '#web/lib/api.ts';
import { formatBrl, formatShortDate } from '#web/lib/format.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useSession } from '#web/lib/session.tsx';
import { useAgenda, useUpdateStatus } from '../api.ts';
import { CalendarFeed } from '../components/calendar-feed.tsx';
import { text } from '../messages.ts';
import { partnerMoves } from '../moves.ts';

const statusLabels = bookingText.statuses;
const today = () => zonedDate(new Date(), 'America/Sao_Paulo');

/** The partner's status choice for one appointment: only the moves allowed now, else a plain badge. */
function StatusControl({
  a,
  onChange,
}: {
  a: PartnerAppointment;
  onChange(a: PartnerAppointment, v: string | null): void;
}) {
  const moves = partnerMoves(a);
  if (moves.length === 0)
    return (
      <Badge
        variant="light"
        color="gray"
        style={{ color: 'var(--mantine-color-dark-7)' }}
        title={text.closed}
      >
        {statusLabels[a.status] ?? a.status}
      </Badge>
    );
  return (
    <Select
      aria-label={text.statusOf(a.room.name, a.date_time.slice(11, 16))}
      data={[a.status, ...moves].map((value) => ({ value, label: statusLabels[value] ?? value }))}
      value={a.status}
      onChange={(v) => onChange(a, v)}
      allowDeselect={false}
      size="xs"
      w={170}
    />
  );
}

/** On a phone, one card per appointment: the table would hide the status off screen. */
function AppointmentCards({
  list,
  onChange,
}: {
  list: PartnerAppointment[];
  onChange(a: PartnerAppointment, v: string | null): void;
}) {
  return (
    <Stack gap="xs">
      {list.map((a) => (
        <Card key={a.uuid} withBorder padding="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Text fw={700}>
                {formatShortDate(a.date_time)} · {a.date_time.slice(11, 16)}
              </Text>
              <Text size="sm">
                {a.room.name}{' '}
                <Text span c="dimmed" size="sm">
                  ({a.clinic.name})
                </Text>
              </Text>
              <Text size="sm">{a.customer.name}</Text>
              {a.series && <SeriesBadge />}
            </div>
            <Stack gap={2} align="flex-end">
              <Text fw={600}>{formatBrl(a.amount_cents)}</Text>
              <DisputeBadge status={a.payment_status} />
            </Stack>
          </Group>
          <Group mt="xs">
            <StatusControl a={a} onChange={onChange} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** Marks an hour of a horário fixo (a weekly series). */
function SeriesBadge() {
  return (
    <Badge variant="light" color="salas" size="sm" mt={4} display="block" w="fit-content">
      {text.series}
    </Badge>
  );
}

/** /parceiro/gestao/agendamentos: the agenda of the partner's rooms by clinic, room and period. */
export function AgendaPage() {
  usePageTitle(text.title);
  const [range, setRange] = useState<[string, string]>(() => [today(), addDays(today(), 6)]);
  const [clinic, setClinic] = useState<string | null>(null);
  const [room, setRoom] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const clinics = useClinics();
  const rooms = useRooms();
  const agenda = useAgenda(range, clinic, room, page);
  const update = useUpdateStatus();
  const { user } = useSession();
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;

  const change = (a: PartnerAppointment, status: string | null) => {
    if (!status || status === a.status) return;
    const apply = () =>
      update.mutate(
        { uuid: a.uuid, date_time: a.date_time, status },
        {
          onSuccess: () => notifySuccess(text.updated),
          // A 409 (the move is no longer allowed) says why in the server's words.
          onError: (err) => notifyError(text.errorTitle, errorText(err)),
        },
      );
    if (status !== 'canceled') return apply();
    const unpaid = a.status === 'pending_payment';
    modals.openConfirmModal({
      title: text.cancel.title,
      children: <Text>{unpaid ? text.cancel.unpaid : text.cancel.paid}</Text>,
      labels: { confirm: text.cancel.confirm, cancel: text.cancel.keep },
      confirmProps: { color: 'red' },
      onConfirm: apply,
    });
  };

  const days = Array.from({ length: 7 }, (_, i) => addDays(range[0], i)).filter((d) => d <= range[1]);
  const list = agenda.data?.data ?? [];

  return (
    <Stack>
      <Title order={1} fz="h2">
        {text.title}
      </Title>
      <Group align="flex-end" wrap="wrap">
        <PeriodInput
          value={range}
          onChange={(v) => {
            setRange(v);
            setPage(1);
          }}
        />
        <Select
          label={text.clinic}
          data={[
            { value: '', label: text.all },
            ...(clinics.data ?? []).map((c) => ({ value: c.uuid, label: c.name })),
          ]}
          value={clinic ?? ''}
          onChange={(v) => {
            setClinic(v || null);
            setRoom(null);
          }}
          allowDeselect={false}
          w={{ base: '100%', sm: 240 }}
        />
        <Select
          label={text.room}
          data={[
            { value: '', label: text.all },
            ...(rooms.data ?? [])
              .filter((r) => !clinic || r.clinic.uuid === clinic)
              .map((r) => ({ value: r.uuid, label: r.name })),
          ]}
          value={room ?? ''}
          onChange={(v) => setRoom(v || null)}
          allowDeselect={false}
          w={{ base: '100%', sm: 220 }}
        />
      </Group>
      <QueryState isPending={agenda.isPending} error={agenda.error} retry={() => agenda.refetch()}>
        {list.length === 0 ? (
          <Card withBorder p="xl">
            <Text ta="center">{text.empty}</Text>
          </Card>
        ) : (
          <>
            {days.length <= 7 && (
              <SimpleGrid cols={{ base: 2, sm: 4, md: 7 }} spacing="xs" role="group" aria-label={text.week}>
                {days.map((d) => {
                  const items = list.filter((a) => a.date_time.slice(0, 10) === d);
                  return (
                    <Card key={d} withBorder padding="xs">
                      <Text size="xs" fw={700}>
                        {formatShortDate(`${d}T12:00:00Z`)}
                      </Text>
                      {items.length === 0 ? (
                        <Text size="xs" c="dimmed">
                          —
                        </Text>
                      ) : (
                        items.map((a) => (
                          <Text
                            key={a.uuid}
                            size="xs"
                            td={a.status === 'canceled' ? 'line-through' : undefined}
                          >
                            {a.date_time.slice(11, 16)} {a.room.name}
                          </Text>
                        ))
                      )}
                    </Card>
                  );
                })}
              </SimpleGrid>
            )}
            {phone ? (
              <AppointmentCards list={list} onChange={change} />
            ) : (
              <ScrollTable minWidth={760} label="Agendamentos">
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{text.columns.date}</Table.Th>
                      <Table.Th>{text.columns.hour}</Table.Th>
                      <Table.Th>{text.columns.room}</Table.Th>
                      <Table.Th>{text.columns.specialist}</Table.Th>
                      <Table.Th>{text.columns.amount}</Table.Th>
                      <Table.Th>{text.columns.status}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.map((a) => (
                      <Table.Tr key={a.uuid}>
                        <WhenWhereCells appointment={a} />
                        <PersonCell person={a.customer} />
                        <Table.Td>
                          {formatBrl(a.amount_cents)}
                          {a.series && <SeriesBadge />}
                          <DisputeBadge status={a.payment_status} />
                        </Table.Td>
                        <Table.Td>
                          <StatusControl a={a} onChange={change} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            )}
          </>
        )}
      </QueryState>
      <Pager meta={agenda.data?.meta} onChange={setPage} />
      {user && <CalendarFeed partner={user.uuid} />}
    </Stack>
  );
}
