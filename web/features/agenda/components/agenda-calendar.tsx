/**
 * The agenda as a calendar (issue 31): a week of days, or one day with a column per room; every
 * appointment (outside bookings and horário fixo hours too) and block of the range at its hour, in
 * its status colour. Tapping an hour opens it; tapping a free hour to come offers to record or block
 * it. Every chip shows its start in full (a column is as wide as its side-by-side chips need, the
 * calendar scrolls inside its box), names the rest in its tooltip, and opens its detail (issue 42).
 * Pure layout: the page fetches and acts.
 */
import './agenda-calendar.css';
import { Box, Group, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import type { CalendarBlock } from '#common/contracts/agenda';
import type { PartnerAppointment } from '#common/contracts/booking';
import { toZonedIso } from '#common/time/zone';
import { text as bookingText } from '#web/features/bookings/messages.ts';
import { text } from '../messages.ts';

const HOUR_PX = 48;
/** The narrowest a chip gets: its start ("09:00", bold) always fits whole. */
const CHIP_PX = 54;
const pad = (n: number) => String(n).padStart(2, '0');
const statusLabels = bookingText.statuses;

/** Colours by status; an outside booking has its own, a block is hatched grey. */
export const statusColor: Record<string, { bg: string; border: string }> = {
  confirmed: { bg: 'var(--mantine-color-salas-1)', border: 'var(--mantine-color-salas-7)' },
  pending_payment: { bg: 'var(--mantine-color-yellow-1)', border: 'var(--mantine-color-yellow-8)' },
  completed: { bg: 'var(--mantine-color-gray-2)', border: 'var(--mantine-color-gray-7)' },
  no_show: { bg: 'var(--mantine-color-red-1)', border: 'var(--mantine-color-red-8)' },
  canceled: { bg: 'var(--mantine-color-gray-0)', border: 'var(--mantine-color-gray-5)' },
  outside: { bg: 'var(--mantine-color-violet-1)', border: 'var(--mantine-color-violet-8)' },
};
export const colorOf = (a: PartnerAppointment) =>
  a.outside && a.status === 'confirmed'
    ? statusColor.outside!
    : (statusColor[a.status] ?? statusColor.confirmed!);

/** Minutes since the day's midnight of a zoned ISO time ("…T09:30:00-03:00" → 570). */
const minutesOf = (iso: string) => Number(iso.slice(11, 13)) * 60 + Number(iso.slice(14, 16));
const dayOf = (iso: string) => iso.slice(0, 10);
export const personOf = (a: PartnerAppointment) => a.outside?.name ?? a.customer.name;

interface Item {
  key: string;
  start: number;
  end: number;
  lane: number;
  lanes: number;
  appointment?: PartnerAppointment;
  block?: CalendarBlock;
}

/** Overlapping items side by side: each takes the first free lane of its cluster. */
function laidOut(items: Omit<Item, 'lane' | 'lanes'>[]): Item[] {
  const sorted = [...items].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Item[] = [];
  let cluster: Item[] = [];
  let clusterEnd = -1;
  const close = () => {
    const lanes = Math.max(1, ...cluster.map((c) => c.lane + 1));
    for (const c of cluster) c.lanes = lanes;
    cluster = [];
  };
  for (const it of sorted) {
    if (it.start >= clusterEnd) {
      close();
      clusterEnd = it.end;
    }
    const used = new Set(cluster.filter((c) => c.end > it.start).map((c) => c.lane));
    let lane = 0;
    while (used.has(lane)) lane++;
    const placed = { ...it, lane, lanes: 1 };
    cluster.push(placed);
    out.push(placed);
    clusterEnd = Math.max(clusterEnd, it.end);
  }
  close();
  return out;
}

/** The pieces of a block that fall on `day` (a block may span days), in minutes of that day. */
function blockOn(b: CalendarBlock, day: string) {
  const from = dayOf(b.starts_at) < day ? 0 : dayOf(b.starts_at) === day ? minutesOf(b.starts_at) : undefined;
  const to = dayOf(b.ends_at) > day ? 24 * 60 : dayOf(b.ends_at) === day ? minutesOf(b.ends_at) : undefined;
  if (from === undefined || to === undefined || to <= from) return undefined;
  return { start: from, end: to };
}

export interface Column {
  key: string;
  title: string;
  day: string;
  /** Only this room's items (the day view); all rooms when absent. */
  room?: string;
  /** The zone whose clock says which hours have passed (the room's clinic's). */
  timezone?: string;
  /** The narrowest the column is drawn before its chips need more (px). */
  minWidth?: number;
}

/** A free hour tapped: what the shortcut prefills. */
export interface PickedHour {
  day: string;
  /** HH:MM */
  time: string;
  room?: string;
}

function itemsOf(
  col: Column,
  appointments: PartnerAppointment[],
  blocks: CalendarBlock[],
  showCanceled: boolean,
) {
  const mine = (room: string) => !col.room || col.room === room;
  return laidOut([
    ...blocks
      .filter((b) => mine(b.room_uuid))
      .flatMap((b) => {
        const at = blockOn(b, col.day);
        return at ? [{ key: `b-${b.uuid}`, ...at, block: b }] : [];
      }),
    ...appointments
      .filter((a) => mine(a.room.uuid) && dayOf(a.date_time) === col.day)
      .filter((a) => showCanceled || (a.status !== 'canceled' && a.status !== 'expired'))
      .map((a) => {
        const start = minutesOf(a.date_time);
        const end = dayOf(a.ends_at) > col.day ? 24 * 60 : minutesOf(a.ends_at);
        return { key: a.uuid, start, end, appointment: a };
      }),
  ]);
}

export function AgendaCalendar({
  columns,
  appointments,
  blocks,
  showCanceled,
  onOpen,
  onPickHour,
}: {
  columns: Column[];
  appointments: PartnerAppointment[];
  blocks: CalendarBlock[];
  showCanceled: boolean;
  onOpen(a: PartnerAppointment): void;
  /** A free hour to come was tapped. */
  onPickHour?(hour: PickedHour): void;
}) {
  const laid = columns.map((c) => {
    const items = itemsOf(c, appointments, blocks, showCanceled);
    // Side by side chips each keep CHIP_PX: the column widens, never the chips squeeze.
    const lanes = Math.max(1, ...items.map((i) => i.lanes));
    return { col: c, items, width: Math.max(c.minWidth ?? 0, lanes * CHIP_PX) };
  });
  const minWidth = 44 + laid.reduce((sum, l) => sum + l.width, 0);
  const all = laid.flatMap((l) => l.items.filter((i) => i.appointment));
  // The hours shown: 07–21 at least, stretched to whatever is booked earlier or later.
  const first = Math.min(7 * 60, ...all.map((i) => i.start));
  const last = Math.max(21 * 60, ...all.map((i) => i.end));
  const fromHour = Math.floor(first / 60);
  const toHour = Math.min(24, Math.ceil(last / 60));
  const hours = Array.from({ length: toHour - fromHour }, (_, i) => fromHour + i);
  const height = hours.length * HOUR_PX;
  const top = (m: number) => ((Math.max(m, fromHour * 60) - fromHour * 60) / 60) * HOUR_PX;

  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Box miw={minWidth} role="group" aria-label={text.calendar.label}>
        <Box
          style={{
            display: 'grid',
            gridTemplateColumns: `44px ${laid.map((l) => `minmax(${l.width}px, 1fr)`).join(' ')}`,
          }}
        >
          <div />
          {columns.map((c) => (
            <Text key={c.key} size="xs" fw={700} ta="center" py={4} truncate aria-hidden>
              {c.title}
            </Text>
          ))}
          <Box pos="relative" h={height}>
            {hours.map((h) => (
              <Text key={h} size="xs" c="dimmed" pos="absolute" top={(h - fromHour) * HOUR_PX - 7} right={6}>
                {String(h).padStart(2, '0')}:00
              </Text>
            ))}
          </Box>
          {laid.map(({ col, items }) => (
            <Box
              key={col.key}
              role="group"
              aria-label={col.title}
              pos="relative"
              h={height}
              style={{
                borderLeft: '1px solid var(--mantine-color-gray-3)',
                backgroundImage: `repeating-linear-gradient(to bottom, var(--mantine-color-gray-2) 0 1px, transparent 1px ${HOUR_PX}px)`,
              }}
            >
              {onPickHour &&
                freeHours(col, items, hours).map((h) => {
                  const time = `${pad(h)}:00`;
                  return (
                    <UnstyledButton
                      key={h}
                      // Pointer and screen reader only: a week's hundred free hours are no Tab stops
                      // ("Reserva de fora" and the rooms' blocks are there for the keyboard).
                      tabIndex={-1}
                      className="salas-agenda-free-hour"
                      aria-label={text.calendar.freeHour(col.title, time)}
                      title={text.calendar.freeHourTitle}
                      onClick={() => onPickHour({ day: col.day, time, room: col.room })}
                      style={{
                        position: 'absolute',
                        top: top(h * 60),
                        height: HOUR_PX,
                        left: 0,
                        right: 0,
                      }}
                    />
                  );
                })}
              {items.map((it) => {
                const style = {
                  position: 'absolute' as const,
                  top: top(it.start) + 1,
                  height: Math.max(top(it.end) - top(it.start) - 2, 18),
                  left: `calc(${(100 / it.lanes) * it.lane}% + 2px)`,
                  width: `calc(${100 / it.lanes}% - 4px)`,
                  borderRadius: 4,
                  overflow: 'hidden',
                  padding: '1px 4px',
                };
                if (it.block) {
                  const b = it.block;
                  const label = text.calendar.blockLabel(b);
                  return (
                    <Box
                      key={it.key}
                      role="img"
                      aria-label={label}
                      title={label}
                      data-chip="block"
                      style={{
                        ...style,
                        border: '1px dashed var(--mantine-color-gray-6)',
                        background:
                          'repeating-linear-gradient(45deg, var(--mantine-color-gray-1) 0 6px, var(--mantine-color-gray-3) 6px 12px)',
                      }}
                    >
                      <Text size="xs" fw={700} c="dark.7" lh={1.2} className="salas-chip-start">
                        {`${pad(Math.floor(it.start / 60))}:${pad(it.start % 60)}`}
                      </Text>
                      <Text size="xs" c="dark.7" lh={1.2} truncate>
                        {text.calendar.blocked}
                      </Text>
                      <Text size="xs" c="dark.7" lh={1.2} truncate>
                        {b.room_name}
                        {b.reason ? ` · ${b.reason}` : ''}
                      </Text>
                    </Box>
                  );
                }
                const a = it.appointment!;
                const color = colorOf(a);
                const label = text.calendar.itemLabel(a, personOf(a), statusLabels[a.status] ?? a.status);
                return (
                  <UnstyledButton
                    key={it.key}
                    onClick={() => onOpen(a)}
                    aria-label={label}
                    title={label}
                    data-chip="appointment"
                    style={{
                      ...style,
                      padding: '1px 3px',
                      background: color.bg,
                      borderLeft: `3px solid ${color.border}`,
                      textDecoration: a.status === 'canceled' ? 'line-through' : undefined,
                    }}
                  >
                    {/* The start in full, whatever the width; the rest as much as fits. */}
                    <Text size="xs" fw={700} c="dark.8" lh={1.2} className="salas-chip-start">
                      {a.date_time.slice(11, 16)}
                    </Text>
                    <Text size="xs" c="dark.8" lh={1.2} truncate>
                      {personOf(a)}
                    </Text>
                    <Text size="xs" c="dark.7" lh={1.2} truncate>
                      {a.room.name}
                    </Text>
                  </UnstyledButton>
                );
              })}
            </Box>
          ))}
        </Box>
      </Box>
    </ScrollArea>
  );
}

/**
 * The free hours of a column a tap may record or block: to come in the column's zone, and not under
 * a chip (a tap there opens the chip).
 */
function freeHours(col: Column, items: Item[], hours: number[]) {
  const now = toZonedIso(new Date(), col.timezone ?? 'America/Sao_Paulo').slice(0, 16);
  return hours.filter(
    (h) => `${col.day}T${pad(h)}:00` >= now && !items.some((i) => i.start <= h * 60 && i.end >= (h + 1) * 60),
  );
}

/** The colour key under the calendar. */
export function CalendarLegend() {
  const entries: [string, { bg: string; border: string }][] = [
    [statusLabels.confirmed ?? 'Confirmada', statusColor.confirmed!],
    [statusLabels.pending_payment ?? 'Aguardando pagamento', statusColor.pending_payment!],
    [text.calendar.outside, statusColor.outside!],
    [statusLabels.completed ?? 'Concluída', statusColor.completed!],
    [statusLabels.no_show ?? 'Não compareceu', statusColor.no_show!],
    [statusLabels.canceled ?? 'Cancelada', statusColor.canceled!],
  ];
  return (
    <Group gap="sm" wrap="wrap" role="list" aria-label={text.calendar.legend}>
      {entries.map(([label, c]) => (
        <Group key={label} gap={4} wrap="nowrap" role="listitem">
          <Box w={12} h={12} style={{ background: c.bg, borderLeft: `3px solid ${c.border}` }} />
          <Text size="xs" td={c === statusColor.canceled ? 'line-through' : undefined}>
            {label}
          </Text>
        </Group>
      ))}
      <Group gap={4} wrap="nowrap" role="listitem">
        <Box
          w={12}
          h={12}
          style={{
            border: '1px dashed var(--mantine-color-gray-6)',
            background:
              'repeating-linear-gradient(45deg, var(--mantine-color-gray-1) 0 3px, var(--mantine-color-gray-3) 3px 6px)',
          }}
        />
        <Text size="xs">{text.calendar.blocked}</Text>
      </Group>
    </Group>
  );
}

/** "seg 30/11": a week view's column title. */
export const dayTitle = (day: string) =>
  `${new Intl.DateTimeFormat('pt-BR', { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`)).replace('.', '')} ${day.slice(8, 10)}/${day.slice(5, 7)}`;
