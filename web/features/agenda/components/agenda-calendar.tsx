/**
 * The agenda as a calendar (issue 31): a week of days, or one day with a column per room; every
 * appointment (outside bookings and horário fixo hours too) and block of the range at its hour, in
 * its status colour. Tapping an hour opens it. Pure layout: the page fetches and acts.
 */
import { Box, Group, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import type { CalendarBlock } from '#common/contracts/agenda';
import type { PartnerAppointment } from '#common/contracts/booking';
import { text as bookingText } from '#web/features/bookings/messages.ts';
import { text } from '../messages.ts';

const HOUR_PX = 48;
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
  minWidth,
}: {
  columns: Column[];
  appointments: PartnerAppointment[];
  blocks: CalendarBlock[];
  showCanceled: boolean;
  onOpen(a: PartnerAppointment): void;
  minWidth: number;
}) {
  const laid = columns.map((c) => ({ col: c, items: itemsOf(c, appointments, blocks, showCanceled) }));
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
          style={{ display: 'grid', gridTemplateColumns: `44px repeat(${columns.length}, minmax(0, 1fr))` }}
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
                  return (
                    <Box
                      key={it.key}
                      role="img"
                      aria-label={text.calendar.blockLabel(b)}
                      style={{
                        ...style,
                        border: '1px dashed var(--mantine-color-gray-6)',
                        background:
                          'repeating-linear-gradient(45deg, var(--mantine-color-gray-1) 0 6px, var(--mantine-color-gray-3) 6px 12px)',
                      }}
                    >
                      <Text size="xs" fw={700} c="dark.7" lh={1.2} truncate>
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
                return (
                  <UnstyledButton
                    key={it.key}
                    onClick={() => onOpen(a)}
                    aria-label={text.calendar.itemLabel(a, personOf(a), statusLabels[a.status] ?? a.status)}
                    style={{
                      ...style,
                      background: color.bg,
                      borderLeft: `3px solid ${color.border}`,
                      textDecoration: a.status === 'canceled' ? 'line-through' : undefined,
                    }}
                  >
                    <Text size="xs" fw={700} c="dark.8" lh={1.2} truncate>
                      {a.date_time.slice(11, 16)} {personOf(a)}
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

/** The colour key under the calendar. */
export function CalendarLegend() {
  const entries: [string, { bg: string; border: string }][] = [
    [statusLabels.confirmed ?? 'Confirmada', statusColor.confirmed!],
    [statusLabels.pending_payment ?? 'Aguardando pagamento', statusColor.pending_payment!],
    [text.calendar.outside, statusColor.outside!],
    [statusLabels.completed ?? 'Concluída', statusColor.completed!],
    [statusLabels.no_show ?? 'Não compareceu', statusColor.no_show!],
  ];
  return (
    <Group gap="sm" wrap="wrap" aria-label={text.calendar.legend}>
      {entries.map(([label, c]) => (
        <Group key={label} gap={4} wrap="nowrap">
          <Box w={12} h={12} style={{ background: c.bg, borderLeft: `3px solid ${c.border}` }} />
          <Text size="xs">{label}</Text>
        </Group>
      ))}
      <Group gap={4} wrap="nowrap">
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
