/**
 * The slots of a room on a date (DESIGN §5, decision 0023): starts on the room's grid (every 30 or
 * 60 minutes) inside the room's operating hours (or its clinic's when the room has none),
 * "00:00–23:59" meaning the whole day. A slot is available when it is free (not blocked, not
 * inside another booking or the buffer after it), within the notice and the horizon, and part of
 * a free stretch long enough for the room's minimum whose end leaves the buffer free. Pure: the
 * service feeds it rows.
 */
import type { HourRange } from '#common/contracts/supply';
import { type BookingRules, defaultBookingRules, minimumStretch } from '#common/domain/booking-rules';
import { addDays, toZonedIso, weekdayOf, zonedInstant, zoneOffsetMinutes } from '#common/time/zone';

/** A held appointment's time: from its start to its end plus the buffer after it, in ms. */
export interface HeldRange {
  start: number;
  until: number;
}

export interface SlotInput {
  date: string;
  timezone: string;
  /** The room's own hours; empty = use the clinic's. */
  roomHours: HourRange[];
  clinicHours: HourRange[];
  blocks: { startsAt: Date; endsAt: Date }[];
  held: HeldRange[];
  now: Date;
  rules?: BookingRules;
}

export interface Slot {
  date_time: string;
  starts_at: Date;
  available: boolean;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
/** The longest a held range lasts: an hour's slot and a 30-minute buffer. */
const MAX_HELD = 90 * MINUTE;
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** 23:59 closes at midnight: the last slot of the day is bookable. */
const closingMinutes = (hhmm: string) => (hhmm === '23:59' ? 24 * 60 : minutes(hhmm));
const wallOf = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const overlaps = (aStart: number, aEnd: number, bStart: number, bEnd: number) =>
  aStart < bEnd && aEnd > bStart;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Wall-clock minutes of `date` to instants and ISO strings. A day whose zone offset is the same at
 * both midnights has no daylight-saving change: every minute is the day's start plus the minutes,
 * with one offset (a few zone lookups per day instead of four per slot). A day with a change asks
 * the zone for each time, and answers undefined for a time the jump skipped.
 */
export function wallToInstant(date: string, timezone: string) {
  const midnight = zonedInstant(date, '00:00', timezone);
  const offset = zoneOffsetMinutes(midnight, timezone);
  const steady =
    toZonedIso(midnight, timezone).slice(0, 16) === `${date}T00:00` &&
    zoneOffsetMinutes(zonedInstant(addDays(date, 1), '00:00', timezone), timezone) === offset;
  if (steady) {
    const sign = offset < 0 ? '-' : '+';
    const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
    return (m: number, wall: string) => ({
      start: new Date(midnight.getTime() + m * MINUTE),
      iso: `${date}T${wall}:00${zone}`,
    });
  }
  return (_m: number, wall: string) => {
    const start = zonedInstant(date, wall, timezone);
    const iso = toZonedIso(start, timezone);
    return iso.slice(0, 10) === date && iso.slice(11, 16) === wall ? { start, iso } : undefined;
  };
}

export function slotsFor(input: SlotInput): Slot[] {
  const rules = input.rules ?? defaultBookingRules;
  const step = rules.slot_minutes;
  const hours = input.roomHours.length > 0 ? input.roomHours : input.clinicHours;
  const weekday = weekdayOf(input.date);
  const starts = new Set<number>();
  for (const range of hours) {
    if (range.weekday !== weekday) continue;
    const open = minutes(range.opens_at);
    const close = closingMinutes(range.closes_at);
    for (let m = Math.ceil(open / step) * step; m + step <= close; m += step) starts.add(m);
  }
  const now = input.now.getTime();
  const earliest = now + rules.min_notice_minutes * MINUTE;
  const latest = now + rules.max_days_ahead * DAY;
  // Held ranges by start: a range overlapping [from, to) starts before `to` and at most
  // MAX_HELD before `from` (a slot of an hour and a 30-minute buffer), found by binary search.
  const held = [...input.held].sort((a, b) => a.start - b.start);
  const heldOver = (from: number, to: number) => {
    let lo = 0;
    let hi = held.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (held[mid]!.start < from - MAX_HELD) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < held.length && held[i]!.start < to; i++)
      if (overlaps(from, to, held[i]!.start, held[i]!.until)) return true;
    return false;
  };

  const slots: (Slot & { open: boolean; end: number })[] = [];
  const place = wallToInstant(input.date, input.timezone);
  for (const m of [...starts].sort((a, b) => a - b)) {
    const wall = wallOf(m);
    const placed = place(m, wall);
    // A wall-clock time skipped by a daylight-saving jump does not exist that day.
    if (!placed) continue;
    const { start, iso } = placed;
    const t = start.getTime();
    const end = t + step * MINUTE;
    const open =
      t > earliest &&
      t <= latest &&
      !input.blocks.some((b) => overlaps(t, end, b.startsAt.getTime(), b.endsAt.getTime())) &&
      !heldOver(t, end);
    slots.push({ date_time: iso, starts_at: start, available: false, open, end });
  }

  // Stretches of consecutive open slots; each may be booked up to its last end that leaves the
  // buffer free, and only when what remains holds the minimum.
  const buffer = rules.buffer_minutes * MINUTE;
  const min = minimumStretch(rules) * MINUTE;
  for (let i = 0; i < slots.length; ) {
    if (!slots[i]!.open) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < slots.length && slots[j + 1]!.open && slots[j + 1]!.starts_at.getTime() === slots[j]!.end)
      j++;
    let last = j;
    while (last >= i && buffer > 0 && heldOver(slots[last]!.end, slots[last]!.end + buffer)) last--;
    if (last >= i && slots[last]!.end - slots[i]!.starts_at.getTime() >= min)
      for (let k = i; k <= last; k++) slots[k]!.available = true;
    i = j + 1;
  }
  return slots.map(({ date_time, starts_at, available }) => ({ date_time, starts_at, available }));
}
