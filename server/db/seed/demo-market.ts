/**
 * The random marketplace of the demo: every room, day and open hour from three months back to five
 * weeks ahead is drawn against the demand of that hour — busy weekday mornings and evenings, a
 * lunch dip, quiet Saturdays, quieter Sundays, a slow rise over the months, thinner further ahead.
 */
import { addDays, weekdayOf, zonedDate } from '#common/time/zone';
import { type HistoryBuilder, REPORT_ZONE } from './demo-history.ts';
import type { HistoryCustomer, HistoryRoom } from './demo-rows.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const HISTORY_DAYS = 91;
export const FUTURE_DAYS = 35;

/** Share of rooms booked by hour of day, before the weekday and the room's own pull. */
const hourDemand = [
  0.02, 0.01, 0.01, 0.01, 0.01, 0.02, 0.22, 0.42, 0.56, 0.6, 0.55, 0.45, 0.18, 0.22, 0.34, 0.34, 0.38, 0.48,
  0.62, 0.58, 0.36, 0.15, 0.04, 0.02,
];
/** Sunday … Saturday. */
const weekdayDemand = [0.3, 0.95, 1, 1, 0.95, 0.8, 0.6];

/** Bookings thin out the further ahead they are. */
function aheadFactor(daysAhead: number): number {
  if (daysAhead <= 7) return 0.85;
  if (daysAhead <= 14) return 0.62;
  if (daysAhead <= 21) return 0.42;
  if (daysAhead <= 28) return 0.28;
  return 0.18;
}

/**
 * The random marketplace: each room, day and open hour is drawn against the demand of that hour;
 * a draw books 1–3 hours, sometimes the same hours for the next weeks in one booking (a series).
 */
export function fillMarketplace(builder: HistoryBuilder, rooms: HistoryRoom[], customers: HistoryCustomer[]) {
  const random = builder.random;
  const now = builder.now;
  const today = zonedDate(now, REPORT_ZONE);
  const first = addDays(today, -HISTORY_DAYS);
  const lastDay = addDays(today, FUTURE_DAYS);
  for (const room of rooms) {
    const pool = customers
      .map((c) => ({
        c,
        w:
          (c.rooms ? (c.rooms.includes(room.name) ? 1 : 0) : c.city === room.city ? 1 : 0) *
          (c.roomKinds[room.kind] ?? 0.3) *
          c.activity,
      }))
      .filter((x) => x.w > 0);
    for (
      let date = room.openedOn && room.openedOn > first ? room.openedOn : first;
      date <= lastDay;
      date = addDays(date, 1)
    ) {
      const weekday = weekdayOf(date);
      const open = room.hours.get(weekday) ?? [];
      const daysAhead = Math.round((Date.parse(date) - Date.parse(today)) / DAY);
      const trend =
        daysAhead < 0 ? 0.86 + (0.14 * (HISTORY_DAYS + daysAhead)) / HISTORY_DAYS : aheadFactor(daysAhead);
      for (const hour of open) {
        const startsAt = builder.instant(date, hour, room.timezone);
        const t = startsAt.getTime();
        if (builder.isHeld(room.id, t) || !bookable(now, room, date, hour, startsAt)) continue;
        const p = hourDemand[hour]! * weekdayDemand[weekday]! * room.popularity * trend;
        if (!random.chance(p)) {
          // Now and then someone opened a Pix for this hour and never paid it.
          if (random.chance(0.012)) {
            const who = pickCustomer(builder, pool, startsAt);
            if (who) {
              const createdAt = createdBefore(builder, startsAt, who);
              if (createdAt) builder.expiredPix(room, who, [startsAt], createdAt, random.chance(0.06));
            }
          }
          continue;
        }
        const customer = pickCustomer(builder, pool, startsAt);
        if (!customer) continue;
        const length = random.chance(0.55) ? 1 : random.chance(0.72) ? 2 : 3;
        const weeks = random.chance(0.22) ? random.int(2, 4) : 1;
        const starts: Date[] = [];
        for (let w = 0; w < weeks; w++) {
          const day = addDays(date, 7 * w);
          if (day > lastDay) break;
          const hoursOfDay = room.hours.get(weekday) ?? [];
          const week: Date[] = [];
          for (let h = hour; h < hour + length && hoursOfDay.includes(h); h++) {
            const s = builder.instant(day, h, room.timezone);
            if (builder.isHeld(room.id, s.getTime()) || !bookable(now, room, day, h, s)) break;
            if (customer.until && s >= customer.until) break;
            week.push(s);
          }
          if (week.length === 0) break;
          starts.push(...week);
        }
        // Nobody is in two rooms at once.
        const own = starts.filter((s) => !builder.isBusy(customer.id, s.getTime()));
        if (own.length === 0) continue;
        const createdAt = createdBefore(builder, startsAt, customer);
        if (!createdAt) continue;
        builder.book({
          room,
          customer,
          starts: own,
          createdAt,
          method: random.chance(0.36) ? 'pix' : 'card',
        });
      }
    }
  }
}

/** Whether generated bookings may take this hour: open to others, not kept for the journeys. */
function bookable(now: Date, room: HistoryRoom, date: string, hour: number, startsAt: Date): boolean {
  if (startsAt < now) return true;
  if (room.othersFrom && startsAt < room.othersFrom) return false;
  return !room.keepFree?.(date, hour);
}

function pickCustomer(
  builder: HistoryBuilder,
  pool: { c: HistoryCustomer; w: number }[],
  startsAt: Date,
): HistoryCustomer | undefined {
  const picked = builder.random.weighted(pool, ({ c, w }) => {
    if (c.since.getTime() > startsAt.getTime() - 2 * DAY) return 0;
    if (c.until && startsAt >= c.until) return 0;
    if (c.maxHours !== undefined && builder.hoursBooked(c) >= c.maxHours) return 0;
    return w;
  });
  return picked?.c;
}

/** When the booking was made: hours to weeks ahead, never before the person joined, never after now. */
function createdBefore(builder: HistoryBuilder, startsAt: Date, customer: HistoryCustomer): Date | undefined {
  const { random, now } = builder;
  const leadHours = random.chance(0.25) ? random.int(3, 30) : random.int(30, 24 * 21);
  let at = startsAt.getTime() - leadHours * HOUR;
  at = Math.min(at, now.getTime() - random.int(5, 60 * 30) * 60_000);
  at = Math.max(at, customer.since.getTime() + HOUR);
  if (at >= startsAt.getTime() - HOUR || at >= now.getTime()) return undefined;
  return new Date(at);
}
