import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PartnerAppointment } from '#common/contracts/booking';
import { addDays, weekdayOf } from '#common/time/zone';
import { PersonCell, WhenWhereCells } from '#web/components/appointment-cells.tsx';
import { DisputeBadge } from '#web/components/dispute-badge.tsx';
import { Pager } from '#web/components/pager.tsx';
import { PeriodInput } from '#web/components/period-input.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { ScrollTable } from '#web/components/scroll-table.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { ZoneNote } from '#web/components/zone-note.tsx';
import { text as bookingText } from '#web/features/bookings/messages.ts';
import { useClinics, useRooms } from '#web/features/supply/api.ts';
import { errorText } from '#web/lib/api.ts';
import { partnerZone, todayIn } from '#web/lib/dates.ts';
import { formatBrl, formatShortDate } from '#web/lib/format.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useSession } from '#web/lib/session.tsx';
import { useAgenda, useCalendar, useUpdateStatus } from '../api.ts';
import {
  AgendaCalendar,
  CalendarLegend,
  type Column,
  dayTitle,
  type PickedHour,
} from '../components/agenda-calendar.tsx';
import { CalendarFeed } from '../components/calendar-feed.tsx';
import { BlockHourDialog, HourShortcut } from '../components/hour-shortcut.tsx';
import { OutsideBookingForm } from '../components/outside-booking-form.tsx';
import { heldHoursOf, hourRanges, OutsideCancelDialog } from '../components/outside-cancel.tsx';
import { text } from '../messages.ts';
import { partnerMoves } from '../moves.ts';

const statusLabels = bookingText.statuses;

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
              <Text size="sm">{a.outside?.name ?? a.customer.name}</Text>
              {a.series && <SeriesBadge />}
              {a.outside && <OutsideBadge />}
            </div>
            <Stack gap={2} align="flex-end">
              {!a.outside && <Text fw={600}>{formatBrl(a.amount_cents)}</Text>}
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

/** Marks a booking recorded for someone off the platform (no payment through Salas). */
function OutsideBadge() {
  return (
    <Badge variant="light" color="violet" size="sm" display="block" w="fit-content">
      {text.calendar.outside}
    </Badge>
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

type View = 'semana' | 'dia' | 'lista';
const VIEWS: View[] = ['semana', 'dia', 'lista'];
/** Monday of the week of `day` (weekdayOf: 0 = Sunday). */
const mondayOf = (day: string) => addDays(day, -((weekdayOf(day) + 6) % 7));

/** The detail of one hour and what the partner may do with it now. */
function AppointmentDetail({
  a,
  onChange,
  onCancelOutside,
}: {
  a: PartnerAppointment;
  onChange(a: PartnerAppointment, v: string | null): void;
  onCancelOutside(a: PartnerAppointment): void;
}) {
  const row = (label: string, value: React.ReactNode) => (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Stack gap="xs">
      {a.outside && (
        <Badge variant="light" color="violet" style={{ whiteSpace: 'normal', height: 'auto' }}>
          {text.detail.outsideTag}
        </Badge>
      )}
      {row(text.detail.person, a.outside?.name ?? a.customer.name)}
      {(a.outside?.email ?? (!a.outside ? a.customer.email : null)) &&
        row(text.detail.email, a.outside?.email ?? a.customer.email)}
      {a.outside?.note && row(text.detail.note, a.outside.note)}
      {row(
        text.detail.when,
        `${formatShortDate(a.date_time)} · ${a.date_time.slice(11, 16)}–${a.ends_at.slice(11, 16)}`,
      )}
      {row(text.detail.room, `${a.room.name} (${a.clinic.name})`)}
      {!a.outside &&
        row(
          text.detail.amount,
          <>
            {formatBrl(a.amount_cents)}
            {a.series && <SeriesBadge />}
            <DisputeBadge status={a.payment_status} />
          </>,
        )}
      {row(
        text.detail.status,
        a.outside ? (
          <Badge variant="light" color="gray" style={{ color: 'var(--mantine-color-dark-7)' }}>
            {statusLabels[a.status] ?? a.status}
          </Badge>
        ) : (
          <StatusControl a={a} onChange={onChange} />
        ),
      )}
      {a.outside && a.status === 'confirmed' && (
        <Group justify="flex-end" mt="sm">
          <Button color="red" variant="light" onClick={() => onCancelOutside(a)}>
            {text.detail.cancelOutside}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** /parceiro/gestao/agendamentos: the agenda of the partner's rooms as a calendar (week, day) or a list. */
export function AgendaPage() {
  usePageTitle(text.title);
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [params, setParams] = useSearchParams();
  const asked = params.get('vista') as View | null;
  const view: View = asked && VIEWS.includes(asked) ? asked : phone ? 'dia' : 'semana';
  const setView = (v: string) =>
    setParams(
      (p) => {
        p.set('vista', v);
        return p;
      },
      { replace: true },
    );
  // The day and the period follow today (below) until the partner picks them.
  const [chosenDay, setAnchor] = useState<string | null>(null);
  const [chosenRange, setRange] = useState<[string, string] | null>(null);
  const [clinic, setClinic] = useState<string | null>(null);
  const [room, setRoom] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [showCanceled, setShowCanceled] = useState(false);
  const [opened, setOpened] = useState<string | null>(null);
  /** The outside booking form, with what a tapped hour prefills. */
  const [recording, setRecording] = useState<{ room?: string; date?: string; start?: string } | null>(null);
  /** A free hour tapped: record or block it. */
  const [picked, setPicked] = useState<PickedHour | null>(null);
  const [blocking, setBlocking] = useState<PickedHour | null>(null);
  /** An outside booking being canceled (the whole of it, or only this hour). */
  const [canceling, setCanceling] = useState<PartnerAppointment | null>(null);
  const clinics = useClinics();
  const rooms = useRooms();
  /** Today on the agenda's clock: the chosen clinic's, else the one all share, else the browser's. */
  const today = () => todayIn(partnerZone(clinics.data ?? [], clinic));
  const anchor = chosenDay ?? today();
  const range: [string, string] = chosenRange ?? [today(), addDays(today(), 6)];
  const calendarRange: [string, string] =
    view === 'dia' ? [anchor, anchor] : [mondayOf(anchor), addDays(mondayOf(anchor), 6)];
  const agenda = useAgenda(range, clinic, room, page, view === 'lista');
  const calendar = useCalendar(calendarRange, clinic, room, view !== 'lista');
  const update = useUpdateStatus();
  const { user } = useSession();

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
    if (a.outside) {
      setOpened(null);
      return setCanceling(a);
    }
    const unpaid = a.status === 'pending_payment';
    modals.openConfirmModal({
      title: text.cancel.title,
      children: <Text>{unpaid ? text.cancel.unpaid : text.cancel.paid}</Text>,
      labels: { confirm: text.cancel.confirm, cancel: text.cancel.keep },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setOpened(null);
        apply();
      },
    });
  };

  const shownRooms = (rooms.data ?? []).filter(
    (r) => (!clinic || r.clinic.uuid === clinic) && (!room || r.uuid === room),
  );
  const oneRoom = room ?? (shownRooms.length === 1 ? shownRooms[0]!.uuid : undefined);
  const zoneOf = (uuid?: string) => shownRooms.find((r) => r.uuid === uuid)?.clinic.timezone;
  const columns: Column[] =
    view === 'dia'
      ? shownRooms.map((r) => ({
          key: r.uuid,
          title: r.name,
          day: anchor,
          room: r.uuid,
          timezone: r.clinic.timezone,
          minWidth: 110,
        }))
      : Array.from({ length: 7 }, (_, i) => {
          const day = addDays(calendarRange[0], i);
          return {
            key: day,
            title: dayTitle(day),
            day,
            room: oneRoom,
            timezone: zoneOf(oneRoom) ?? partnerZone(clinics.data ?? [], clinic),
            minWidth: 96,
          };
        });
  const list = (agenda.data?.data ?? []).filter(
    (a) => showCanceled || (a.status !== 'canceled' && a.status !== 'expired'),
  );
  /** Recorded: the agenda shows that day (the list, from it on). */
  const showDay = (day: string) => {
    setAnchor(day);
    if (view === 'lista') {
      setRange([day, addDays(day, 6)]);
      setPage(1);
    }
  };
  const cancelHours = canceling ? heldHoursOf(canceling, calendar.data?.appointments ?? list) : [];
  const cancelOutside = (whole: boolean) => {
    const a = canceling;
    if (!a) return;
    const rest = cancelHours.filter((x) => x.uuid !== a.uuid);
    update.mutate(
      { uuid: a.uuid, date_time: a.date_time, status: 'canceled', whole_booking: whole },
      {
        onSuccess: () => {
          setCanceling(null);
          notifySuccess(
            whole || rest.length === 0
              ? text.outsideCancel.canceledAll(hourRanges(whole ? cancelHours : [a]))
              : text.outsideCancel.canceledOne(
                  `${a.date_time.slice(11, 16)}–${a.ends_at.slice(11, 16)}`,
                  hourRanges(rest),
                ),
          );
        },
        onError: (err) => notifyError(text.errorTitle, errorText(err)),
      },
    );
  };
  const openedAppointment =
    calendar.data?.appointments.find((a) => a.uuid === opened) ?? list.find((a) => a.uuid === opened);
  const step = view === 'dia' ? 1 : 7;

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} fz="h2">
          {text.title}
        </Title>
        <Button variant="light" onClick={() => setRecording({})}>
          {text.outside.open}
        </Button>
      </Group>
      <Group align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label={text.views.label}
          data={[
            { value: 'semana', label: text.views.week },
            { value: 'dia', label: text.views.day },
            { value: 'lista', label: text.views.list },
          ]}
          value={view}
          onChange={setView}
        />
        {view === 'lista' && (
          <PeriodInput
            value={range}
            onChange={(v) => {
              setRange(v);
              setPage(1);
            }}
          />
        )}
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
      <ZoneNote clinics={(clinics.data ?? []).filter((c) => !clinic || c.uuid === clinic)} />
      {view !== 'lista' ? (
        <>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs" wrap="nowrap">
              <Button
                variant="default"
                size="xs"
                aria-label={view === 'dia' ? text.nav.previousDay : text.nav.previousWeek}
                onClick={() => setAnchor(addDays(anchor, -step))}
              >
                ‹
              </Button>
              <Button variant="default" size="xs" onClick={() => setAnchor(today())}>
                {text.nav.today}
              </Button>
              <Button
                variant="default"
                size="xs"
                aria-label={view === 'dia' ? text.nav.nextDay : text.nav.nextWeek}
                onClick={() => setAnchor(addDays(anchor, step))}
              >
                ›
              </Button>
              <Text fw={700} size="sm" aria-live="polite">
                {view === 'dia'
                  ? dayTitle(anchor)
                  : `${dayTitle(calendarRange[0])} – ${dayTitle(calendarRange[1])}`}
              </Text>
            </Group>
            <Switch
              label={text.showCanceled}
              checked={showCanceled}
              onChange={(e) => setShowCanceled(e.currentTarget.checked)}
            />
          </Group>
          <QueryState isPending={calendar.isPending} error={calendar.error} retry={() => calendar.refetch()}>
            {columns.length === 0 ? (
              <Card withBorder p="xl">
                <Text ta="center">{text.calendar.noRooms}</Text>
              </Card>
            ) : (
              <AgendaCalendar
                columns={columns}
                appointments={calendar.data?.appointments ?? []}
                blocks={calendar.data?.blocks ?? []}
                showCanceled={showCanceled}
                onOpen={(a) => setOpened(a.uuid)}
                onPickHour={setPicked}
              />
            )}
          </QueryState>
          <CalendarLegend />
        </>
      ) : (
        <>
          <Group justify="flex-end">
            <Switch
              label={text.showCanceled}
              checked={showCanceled}
              onChange={(e) => setShowCanceled(e.currentTarget.checked)}
            />
          </Group>
          <QueryState isPending={agenda.isPending} error={agenda.error} retry={() => agenda.refetch()}>
            {list.length === 0 ? (
              <Card withBorder p="xl">
                <Text ta="center">{text.empty}</Text>
              </Card>
            ) : phone ? (
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
                        <PersonCell
                          person={
                            a.outside ? { name: a.outside.name, email: a.outside.email ?? '' } : a.customer
                          }
                        />
                        <Table.Td>
                          {a.outside ? <OutsideBadge /> : formatBrl(a.amount_cents)}
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
          </QueryState>
          <Pager meta={agenda.data?.meta} onChange={setPage} />
        </>
      )}
      {user && <CalendarFeed partner={user.uuid} />}
      <Modal
        opened={Boolean(openedAppointment)}
        onClose={() => setOpened(null)}
        title={
          openedAppointment
            ? `${openedAppointment.room.name} · ${openedAppointment.date_time.slice(11, 16)}`
            : ''
        }
      >
        {openedAppointment && (
          <AppointmentDetail
            a={openedAppointment}
            onChange={change}
            onCancelOutside={(a) => change(a, 'canceled')}
          />
        )}
      </Modal>
      <Modal opened={Boolean(recording)} onClose={() => setRecording(null)} title={text.outside.title}>
        {recording && (
          <OutsideBookingForm
            initialRoom={recording.room ?? oneRoom ?? null}
            initialDate={recording.date ?? (anchor < today() ? today() : anchor)}
            initialStart={recording.start}
            onDone={(day) => {
              setRecording(null);
              showDay(day);
            }}
          />
        )}
      </Modal>
      <HourShortcut
        picked={picked}
        roomName={shownRooms.find((r) => r.uuid === picked?.room)?.name}
        onRecord={(h) => {
          setPicked(null);
          setRecording({ room: h.room, date: h.day, start: h.time });
        }}
        onBlock={(h) => {
          setPicked(null);
          setBlocking(h);
        }}
        onClose={() => setPicked(null)}
      />
      <BlockHourDialog hour={blocking} rooms={rooms.data ?? []} onClose={() => setBlocking(null)} />
      <OutsideCancelDialog
        appointment={canceling}
        hours={cancelHours}
        busy={update.isPending}
        onCancel={cancelOutside}
        onClose={() => setCanceling(null)}
      />
    </Stack>
  );
}
