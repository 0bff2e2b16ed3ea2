import './room-page.css';
import { Box, Group, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type KeyboardEvent, lazy, type ReactNode, Suspense, useRef } from 'react';
import { addMonths, lastBookableDay } from '#common/domain/rooms';
import { addDays } from '#common/time/zone';
import { longDayLabel } from '#web/features/bookings/selection.ts';
import { useHydrated } from '#web/lib/hydrated.ts';
import { useAvailability, useMonthAvailability } from '../api.ts';
import { text } from '../messages.ts';
import type { RoomBooking } from '../use-room-booking.ts';
import { inPage } from './address-link.ts';

const t = text.room;
// The waitlist form loads only for signed-in specialists.
const WaitlistJoin = lazy(async () => ({
  default: (await import('#web/features/waitlist/components/waitlist-join.tsx')).WaitlistJoin,
}));
// The months by name, not by Intl: the first Intl object a page makes loads the locale's data
// (~40 ms of a phone's main thread while the page hydrates).
const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];
const monthName = (d: Date) => MONTHS[d.getUTCMonth()]!;
const WEEKDAYS = ['seg', 'ter', 'qua', 'qui', 'sex', 'sáb', 'dom'];

const utcNoon = (date: string) => new Date(`${date}T12:00:00Z`);
/** "16 dezembro 2026": the calendar's own name for a day, with what it holds after it. */
const dayName = (date: string) => {
  const d = utcNoon(date);
  return `${d.getUTCDate()} ${monthName(d)} ${d.getUTCFullYear()}`;
};
/** "dezembro 2026". */
const monthTitle = (month: string) => {
  const d = utcNoon(`${month}-01`);
  return `${monthName(d)} ${d.getUTCFullYear()}`;
};

/** The weeks of a month, Monday first: each a row of seven dates or nulls outside the month. */
function weeksOf(month: string): (string | null)[][] {
  const first = utcNoon(`${month}-01`);
  const lead = (first.getUTCDay() + 6) % 7;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= length; d++) cells.push(`${month}-${String(d).padStart(2, '0')}`);
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

function Dot({ color, ring = false }: { color: string; ring?: boolean }) {
  return (
    <Box
      component="span"
      aria-hidden="true"
      style={{
        display: 'inline-block',
        width: ring ? 10 : 6,
        height: ring ? 10 : 6,
        borderRadius: '50%',
        background: ring ? 'transparent' : color,
        border: ring ? `2px solid ${color}` : undefined,
      }}
    />
  );
}

/**
 * The month calendar (days with free hours dotted, days with picked hours ringed, full days out)
 * and, beside it when there is room (else under it), the hour chips of the shown day in a dense
 * grid. Days, months and hours are links to the page with that choice in its address, so they work
 * before the page's scripts have run, and without them (decision 0044); once the page runs, a tap
 * changes the address in place. `anchor` ends every link (the phone's sheet drawn without scripts).
 */
export function BookingCalendar({
  uuid,
  booking,
  anchor = '',
}: {
  uuid: string;
  booking: RoomBooking;
  anchor?: string;
}) {
  const hydrated = useHydrated();
  const grid = useRef<HTMLTableElement>(null);
  const { today, month: shown } = booking;
  const last = lastBookableDay(today);
  const month = useMonthAvailability(uuid, shown, today);
  const day = useAvailability(uuid, booking.day);
  const free = new Set(month.data?.filter((d) => d.slots.some((s) => s.available)).map((d) => d.date));
  const picked = new Map<string, number>();
  for (const iso of booking.selected) picked.set(iso.slice(0, 10), (picked.get(iso.slice(0, 10)) ?? 0) + 1);
  const known = new Set(month.data?.map((d) => d.date));
  const full = (date: string) => known.has(date) && !free.has(date) && !picked.has(date);
  const open = (date: string) => date >= today && date <= last && !full(date);
  const previous = addMonths(shown, -1);
  const next = addMonths(shown, 1);
  const weeks = weeksOf(shown);
  // Once the page runs, one day of the month takes Tab and the arrows move between days.
  const days = weeks.flat().filter((d): d is string => d !== null && open(d));
  const focusable = booking.day && days.includes(booking.day) ? booking.day : days[0];

  const moveFocus = (e: KeyboardEvent) => {
    const from = (e.target as HTMLElement).dataset.date;
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[e.key];
    if (!from || !step) return;
    e.preventDefault();
    grid.current?.querySelector<HTMLElement>(`a[data-date="${addDays(from, step)}"]`)?.focus();
  };

  const monthLink = (to: string, label: string, enabled: boolean, icon: ReactNode) =>
    enabled ? (
      <a
        rel="nofollow"
        href={`${booking.monthLink(to)}${anchor}`}
        className="salas-month-control"
        aria-label={label}
        onClick={inPage(() => booking.showMonth(to))}
      >
        {icon}
      </a>
    ) : (
      <button type="button" className="salas-month-control" aria-label={label} disabled>
        {icon}
      </button>
    );

  return (
    <div className="salas-booking-grid">
      <div className="salas-booking-month">
        <div className="salas-month-header">
          {monthLink(previous, t.previousMonth, previous >= today.slice(0, 7), <IconChevronLeft size={16} />)}
          <span className="salas-month-title" aria-live="polite">
            {monthTitle(shown)}
          </span>
          {monthLink(next, t.nextMonth, next <= last.slice(0, 7), <IconChevronRight size={16} />)}
        </div>
        <table className="salas-month" ref={grid} onKeyDown={hydrated ? moveFocus : undefined}>
          <thead>
            <tr>
              {WEEKDAYS.map((w) => (
                <th key={w} scope="col">
                  {w}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.find(Boolean)}>
                {week.map((d, i) => {
                  if (!d) return <td key={`x${i}`} />;
                  const n = picked.get(d);
                  const note = n ? t.dayPicked(n) : free.has(d) ? t.dayFree : full(d) ? t.dayFull : '';
                  const label = note ? `${dayName(d)}, ${note}` : dayName(d);
                  const mark = n || free.has(d);
                  const content = (
                    <>
                      {Number(d.slice(8))}
                      {mark ? <span className="salas-day-dot" aria-hidden="true" /> : null}
                    </>
                  );
                  return (
                    <td key={d}>
                      {open(d) ? (
                        <a
                          rel="nofollow"
                          href={`${booking.dayLink(d)}${anchor}`}
                          className="salas-day"
                          data-date={d}
                          data-picked={n ? true : undefined}
                          aria-current={d === booking.day ? 'date' : undefined}
                          aria-label={label}
                          tabIndex={hydrated && d !== focusable ? -1 : undefined}
                          onClick={inPage(() => booking.pickDay(d))}
                        >
                          {content}
                        </a>
                      ) : (
                        <button type="button" className="salas-day" data-disabled aria-label={label} disabled>
                          {content}
                        </button>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="salas-booking-hours">
        <Stack
          gap={6}
          role="group"
          aria-label={booking.day ? t.hoursOf(longDayLabel(booking.day)) : undefined}
        >
          {booking.day && (
            <Text size="sm" fw={600}>
              {longDayLabel(booking.day)}
            </Text>
          )}
          {!booking.day ? (
            <Text size="sm" c="dimmed">
              {t.pickDate}
            </Text>
          ) : day.isPending ? (
            <Text size="sm" c="dimmed">
              {t.loading}
            </Text>
          ) : day.data?.slots.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t.noSlots}
            </Text>
          ) : (
            <div className="salas-hours">
              {day.data?.slots.map((slot) => {
                const hour = slot.date_time.slice(11, 16);
                const checked = booking.selected.includes(slot.date_time);
                const toggle = () => booking.toggle(slot.date_time, day.data?.slots);
                return slot.available ? (
                  // biome-ignore lint/a11y/useSemanticElements: a link, so the hour is picked before the page's scripts run (and without them); a checkbox to assistive technology
                  <a
                    key={slot.date_time}
                    rel="nofollow"
                    href={`${booking.toggleLink(slot.date_time, day.data?.slots ?? [])}${anchor}`}
                    role="checkbox"
                    aria-checked={checked}
                    aria-label={`${hour} ${t.free}`}
                    className="salas-hour"
                    data-checked={checked || undefined}
                    onClick={inPage(toggle)}
                    onKeyDown={(e) => {
                      // A checkbox answers the space bar too.
                      if (e.key !== ' ') return;
                      e.preventDefault();
                      toggle();
                    }}
                  >
                    {hour}
                  </a>
                ) : (
                  <span key={slot.date_time} className="salas-hour" data-disabled>
                    {/* Unchecked and disabled; no `readOnly` (HTML allows it on text-like inputs only). */}
                    <input type="checkbox" disabled aria-label={`${hour} ${t.taken}`} />
                    {hour}
                  </span>
                );
              })}
            </div>
          )}
          {booking.day && day.data && booking.canWait && (
            <Suspense>
              <WaitlistJoin
                key={booking.day}
                roomUuid={uuid}
                date={booking.day}
                slots={day.data.slots}
                slotMinutes={booking.slotMinutes}
              />
            </Suspense>
          )}
        </Stack>
        <Group mt={8} style={{ rowGap: 2, columnGap: 12 }}>
          <Group gap={6} wrap="nowrap">
            <Dot color="var(--mantine-color-salas-6)" />
            <Text size="xs">{t.legendFree}</Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <Dot color="var(--mantine-color-salas-8)" ring />
            <Text size="xs">{t.legendPicked}</Text>
          </Group>
        </Group>
      </div>
    </div>
  );
}
