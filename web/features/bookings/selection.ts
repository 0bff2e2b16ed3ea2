/**
 * The picked hours as people read them: per day, with the hours joined into ranges
 * ("09:00–11:00" for the 09:00 and 10:00 slots). A slot's `date_time` is ISO 8601 in the clinic's
 * zone, so its first 10 characters are the local date and 11–16 the local start.
 */
import { FREE_CANCELLATION_HOURS } from '#common/domain/booking';
import { type BookingRules, minimumStretch, stretchesOf } from '#common/domain/booking-rules';

export interface PickedDay {
  /** yyyy-MM-dd in the clinic's zone. */
  date: string;
  /** Start times, HH:mm, in order. */
  starts: string[];
  /** Consecutive slots joined: "09:00–11:00". */
  ranges: string[];
}

/** The wall-clock time `minutes` after `hhmm` ("23:30" + 60 = "00:30"). */
const timeAfter = (hhmm: string, minutes: number) => {
  const total = (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)) + minutes) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

/** The picked slots grouped by day, days and times in order; slots last `slotMinutes` (the room's grid). */
export function pickedDays(dateTimes: string[], slotMinutes = 60): PickedDay[] {
  const hourAfter = (hhmm: string) => timeAfter(hhmm, slotMinutes);
  const byDay = new Map<string, string[]>();
  for (const iso of [...new Set(dateTimes)].sort()) {
    const date = iso.slice(0, 10);
    byDay.set(date, [...(byDay.get(date) ?? []), iso.slice(11, 16)]);
  }
  return [...byDay].map(([date, starts]) => {
    const ranges: string[] = [];
    let from = starts[0]!;
    let to = hourAfter(from);
    for (const start of starts.slice(1)) {
      if (start === to) to = hourAfter(start);
      else {
        ranges.push(`${from}–${to}`);
        from = start;
        to = hourAfter(start);
      }
    }
    ranges.push(`${from}–${to}`);
    return { date, starts, ranges };
  });
}

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "Ter., 16/12": a picked day's short name. */
export function shortDayLabel(date: string): string {
  return capitalized(
    new Intl.DateTimeFormat('pt-BR', {
      weekday: 'short',
      day: '2-digit',
      month: '2-digit',
      timeZone: 'UTC',
    }).format(new Date(`${date}T12:00:00Z`)),
  );
}

/** "Terça-feira, 16 de dezembro": the day whose hours are shown. */
export function longDayLabel(date: string): string {
  return capitalized(
    new Intl.DateTimeFormat('pt-BR', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    }).format(new Date(`${date}T12:00:00Z`)),
  );
}

/** The picked slots that start in less than FREE_CANCELLATION_HOURS: canceled, no refund. */
export function withoutFreeCancellation(dateTimes: string[], now: Date): string[] {
  const limit = now.getTime() + FREE_CANCELLATION_HOURS * 3_600_000;
  return dateTimes.filter((iso) => new Date(iso).getTime() < limit).sort();
}

/**
 * `picked` plus, when the stretch holding `iso` is shorter than the minimum, the free slots of the
 * day next to it (after first, then before) until it is long enough — or as they are when the day
 * has no room for it (the footer then says why "Reservar" waits).
 */
export function withMinimum(
  picked: string[],
  iso: string,
  daySlots: { date_time: string; available: boolean }[],
  rules: BookingRules,
): string[] {
  const step = rules.slot_minutes * 60_000;
  const min = minimumStretch(rules) * 60_000;
  const free = new Map(
    daySlots.filter((s) => s.available).map((s) => [Date.parse(s.date_time), s.date_time]),
  );
  const out = new Set(picked);
  const times = () => [...out].map(Date.parse);
  const stretch = () =>
    stretchesOf(times(), rules.slot_minutes).find(
      (s) => s.start <= Date.parse(iso) && Date.parse(iso) < s.end,
    )!;
  let s = stretch();
  while (s.end - s.start < min && free.has(s.end)) {
    out.add(free.get(s.end)!);
    s = stretch();
  }
  while (s.end - s.start < min && free.has(s.start - step)) {
    out.add(free.get(s.start - step)!);
    s = stretch();
  }
  return [...out];
}
