import { Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import type { MyBooking } from '#common/contracts/booking';
import { DatePickerInput } from '#web/components/date-inputs.ts';
import { Pager } from '#web/components/pager.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { RoomClinic } from '#web/components/room-clinic.tsx';
import { ScrollTable } from '#web/components/scroll-table.tsx';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { MySeries } from '#web/features/series/components/my-series.tsx';
import { text as seriesText } from '#web/features/series/messages.ts';
import { MyWaitlist } from '#web/features/waitlist/components/my-waitlist.tsx';
import { formatBrl } from '#web/lib/format.ts';
import { useMyBookings } from '../api.ts';
import { daysOf, shortDate, shownHours } from '../booking-hours.ts';
import { useAskCancelBooking } from '../components/cancel-booking.tsx';
import { text } from '../messages.ts';
import { bookingPath, seriesAnchor } from '../paths.ts';

const t = text.mine;
const statusColor: Record<string, string> = {
  confirmed: 'green',
  pending_payment: 'yellow',
  canceled: 'gray',
  completed: 'blue',
  no_show: 'red',
  expired: 'gray',
  failed: 'red',
  active: 'green',
};
/** At most this many days in a row; the others are on the booking's page. */
const DAYS_SHOWN = 3;

function StatusBadge({ row }: { row: MyBooking }) {
  const label =
    row.kind === 'series'
      ? (t.series.statuses[row.status] ?? row.status)
      : (text.statuses[row.status] ?? text.paymentStatuses[row.status] ?? row.status);
  return (
    // Never narrower than its word: a table column or the card's hours would squeeze it to "…".
    <Badge
      color={statusColor[row.status] ?? 'gray'}
      variant="light"
      style={{ color: 'var(--mantine-color-dark-7)', flexShrink: 0, minWidth: 'max-content' }}
    >
      {label}
    </Badge>
  );
}

/** "02/12/26", or the first and last day of a booking over several days. */
function whenLabel(row: MyBooking): string {
  const days = daysOf(shownHours(row.appointments));
  if (days.length === 0) return '';
  if (days.length === 1) return shortDate(days[0]!.date);
  return `${shortDate(days[0]!.date)} a ${shortDate(days.at(-1)!.date)}`;
}

/**
 * Each day with its hours ("02/12/26 · 14:00–16:00, 18:00–19:00"); a long booking's first days and
 * how many more. A day's line wraps between its stretches (each whole), never past its column.
 */
function BookingWhen({ row }: { row: MyBooking }) {
  if (row.kind === 'series' && row.series) {
    const s = row.series;
    const total = Number(s.time.slice(0, 2)) * 60 + Number(s.time.slice(3, 5)) + s.minutes;
    const end = `${String(Math.floor(total / 60) % 24).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
    const next = row.appointments[0]?.date_time.slice(0, 10);
    return (
      <div>
        <Text size="sm" fw={600}>
          {seriesText.every(s.weekday, s.time, end)}
        </Text>
        <Text size="xs" c="dimmed">
          {next ? t.series.next(shortDate(next)) : t.series.none}
          {s.upcoming_weeks > 1 ? ` · ${t.series.upcoming(s.upcoming_weeks)}` : ''}
        </Text>
      </div>
    );
  }
  const days = daysOf(shownHours(row.appointments));
  return (
    <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {days.slice(0, DAYS_SHOWN).map((d) => (
        <Text component="li" size="sm" key={d.date}>
          {d.ranges.map((range, i) => (
            <Fragment key={range}>
              {i > 0 && ' '}
              {/* The day with its first stretch, then each stretch whole: the line wraps between. */}
              <span style={{ whiteSpace: 'nowrap' }}>
                {i === 0 && (
                  <>
                    <Text span inherit fw={600}>
                      {shortDate(d.date)}
                    </Text>
                    {' · '}
                  </>
                )}
                {range}
                {i < d.ranges.length - 1 ? ',' : ''}
              </span>
            </Fragment>
          ))}
        </Text>
      ))}
      {days.length > DAYS_SHOWN && (
        <Text component="li" size="xs" c="dimmed">
          {t.moreDays(days.length - DAYS_SHOWN)}
        </Text>
      )}
    </Stack>
  );
}

const PAID = ['paid', 'partially_refunded', 'refunded', 'disputed', 'charged_back'];

/** What the row costs — or, once canceled or expired, what came back (never a price as if owed). */
function AmountCell({ row }: { row: MyBooking }) {
  if (row.kind === 'series') return <Text size="sm">{t.series.perWeek(formatBrl(row.amount_cents))}</Text>;
  const refund = row.refund && (
    <Text size="xs" c={row.refund.status === 'failed' ? 'red.9' : 'dark.4'}>
      {t.refund(formatBrl(row.refund.amount_cents), text.refundStatuses[row.refund.status] ?? '')}
    </Text>
  );
  if (row.status === 'canceled' || row.status === 'expired' || row.status === 'failed') {
    return (
      refund ?? (
        <Text size="sm" c="dark.4">
          {row.payment && PAID.includes(row.payment.status) ? t.noRefund : t.noCharge}
        </Text>
      )
    );
  }
  return (
    <div>
      <Text size="sm" fw={600}>
        {formatBrl(row.amount_cents)}
      </Text>
      {refund}
    </div>
  );
}

function RowActions({ row, onCancel }: { row: MyBooking; onCancel(): void }) {
  const when = whenLabel(row);
  if (row.kind === 'series')
    return (
      <Anchor href={`#${seriesAnchor(row.uuid)}`} size="sm" aria-label={t.series.openLabel(row.room.name)}>
        {t.series.open}
      </Anchor>
    );
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {row.payment?.pix_expires_at && (
        <Button
          component={Link}
          to={bookingPath(row.uuid)}
          size="compact-sm"
          aria-label={t.payPixLabel(row.room.name, when)}
        >
          {t.payPix}
        </Button>
      )}
      <Button
        component={Link}
        to={bookingPath(row.uuid)}
        size="compact-sm"
        variant="subtle"
        aria-label={t.openLabel(row.room.name, when)}
      >
        {t.open}
      </Button>
      {row.cancelable && (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          onClick={onCancel}
          aria-label={t.cancelLabel(row.room.name, when)}
        >
          {t.cancelAction}
        </Button>
      )}
    </Group>
  );
}

/**
 * /especialista/agendamentos: one row per booking with all its hours, one per horário fixo with
 * its weeks (decision 0037); each booking opens its page (address, payment, refunds, receipt, the
 * Pix to pay again), and "Cancelar" cancels the booking with the policy said first.
 */
export function MyAppointmentsPage() {
  // On a phone a table hides the status and the buttons off screen: cards instead.
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  usePageTitle(t.title);
  const [page, setPage] = useState(1);
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const list = useMyBookings(page, { dateInit: range[0], dateEnd: range[1] });
  const { ask } = useAskCancelBooking();

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
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.title}>
            {list.data?.data.map((row) => (
              <Card key={row.uuid} withBorder padding="sm" component="li">
                {/*
                  The hours and the badge share the first line when both fit; long hours take the
                  line (wrapping between stretches) and the badge goes below, on the right.
                */}
                <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
                  <div style={{ minWidth: 0, flex: '1 1 auto' }}>
                    {row.kind === 'series' && (
                      <Text size="xs" fw={700} c="salas.9" tt="uppercase">
                        {t.series.badge}
                      </Text>
                    )}
                    <BookingWhen row={row} />
                  </div>
                  <div style={{ marginLeft: 'auto' }}>
                    <StatusBadge row={row} />
                  </div>
                </Group>
                <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
                  {row.room.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {row.clinic.name}
                </Text>
                <Group justify="space-between" mt={6} gap={4} wrap="wrap">
                  <AmountCell row={row} />
                  <RowActions row={row} onCancel={() => ask(row)} />
                </Group>
              </Card>
            ))}
          </Stack>
        ) : (
          <ScrollTable minWidth={680} label={t.title}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.when}</Table.Th>
                  <Table.Th>{t.room}</Table.Th>
                  <Table.Th>{t.amount}</Table.Th>
                  <Table.Th>{t.status}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t.actions}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data?.data.map((row) => (
                  <Table.Tr key={row.uuid}>
                    <Table.Td>
                      {row.kind === 'series' && (
                        <Text size="xs" fw={700} c="salas.9" tt="uppercase">
                          {t.series.badge}
                        </Text>
                      )}
                      <BookingWhen row={row} />
                    </Table.Td>
                    <Table.Td>
                      <RoomClinic room={row.room.name} clinic={row.clinic.name} />
                    </Table.Td>
                    <Table.Td>
                      <AmountCell row={row} />
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge row={row} />
                    </Table.Td>
                    <Table.Td>
                      <RowActions row={row} onCancel={() => ask(row)} />
                    </Table.Td>
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
