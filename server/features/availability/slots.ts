/**
 * Hourly slots of a room on a date (DESIGN §5): whole hours starting on the hour inside the room's
 * operating hours (or its clinic's when the room has none), "00:00–23:59" meaning the whole day,
 * minus blocked ranges and slots already held. Pure: the service feeds it rows.
 */
import type { HourRange } from '#common/contracts/supply';
import { toZonedIso, weekdayOf, zonedInstant } from '#common/time/zone';

export interface SlotInput {
  date: string;
  timezone: string;
  /** The room's own hours; empty = use the clinic's. */
  roomHours: HourRange[];
  clinicHours: HourRange[];
  blocks: { startsAt: Date; endsAt: Date }[];
  /** Start instants (ms) of held appointments. */
  taken: Set<number>;
  now: Date;
}

export interface Slot {
  date_time: string;
  starts_at: Date;
  available: boolean;
}

const HOUR = 3_600_000;
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** 23:59 closes at midnight: the last hour of the day is bookable. */
const closingMinutes = (hhmm: string) => (hhmm === '23:59' ? 24 * 60 : minutes(hhmm));

export function slotsFor(input: SlotInput): Slot[] {
  const hours = input.roomHours.length > 0 ? input.roomHours : input.clinicHours;
  const weekday = weekdayOf(input.date);
  const starts = new Set<number>();
  for (const range of hours) {
    if (range.weekday !== weekday) continue;
    const open = minutes(range.opens_at);
    const close = closingMinutes(range.closes_at);
    for (let m = Math.ceil(open / 60) * 60; m + 60 <= close; m += 60) starts.add(m / 60);
  }
  const slots: Slot[] = [];
  for (const hour of [...starts].sort((a, b) => a - b)) {
    const wall = `${String(hour).padStart(2, '0')}:00`;
    const start = zonedInstant(input.date, wall, input.timezone);
    const iso = toZonedIso(start, input.timezone);
    // A wall-clock hour skipped by a daylight-saving jump does not exist that day.
    if (iso.slice(0, 10) !== input.date || iso.slice(11, 16) !== wall) continue;
    const end = start.getTime() + HOUR;
    const blocked = input.blocks.some(
      (b) => b.startsAt.getTime() < end && b.endsAt.getTime() > start.getTime(),
    );
    const available = !blocked && !input.taken.has(start.getTime()) && start.getTime() > input.now.getTime();
    slots.push({ date_time: iso, starts_at: start, available });
  }
  return slots;
}
