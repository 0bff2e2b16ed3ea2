/**
 * Days on a clinic's clock, in SQL (issue 42): an appointment of a room in Manaus at 23:30 is on
 * that day in Manaus, not on the next one in São Paulo. A filter by day reads each row's instant on
 * the clock of its own zone (a column such as `clinics.timezone`, or a fixed IANA id).
 *
 * An expression per zone cannot use the index on the instant, so each filter is two conditions: a
 * UTC range widened by the farthest any zone's clock is from UTC (14 h), which the index serves, and
 * the exact condition on the zone's clock, which only looks at the few rows the range lets through.
 */
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { addDays } from '#common/time/zone';

/** Clocks run from UTC−12 to UTC+14: no zone's day starts more than 14 h away from UTC's. */
const SPREAD_MS = 14 * 3_600_000;

type Expr = SQL | AnyColumn;

/** Both ends included, yyyy-MM-dd; a missing end is open. */
export interface DayRange {
  dateInit?: string | null;
  dateEnd?: string | null;
}

const utcMidnight = (date: string) => new Date(`${date}T00:00:00Z`).getTime();
const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/** The instant `date` begins on the clock of `zone` (midnight there, as PostgreSQL reads the zone). */
export const dayStartIn = (date: string, zone: Expr): SQL => sql`(${date}::timestamp at time zone ${zone})`;

/** `instant` falls on a day of the range on the clock of `zone`. */
export function onDaysIn(instant: Expr, zone: Expr, range: DayRange): SQL {
  const parts: SQL[] = [];
  if (range.dateInit) {
    parts.push(sql`${instant} >= ${at(utcMidnight(range.dateInit) - SPREAD_MS)}`);
    parts.push(sql`${instant} >= ${dayStartIn(range.dateInit, zone)}`);
  }
  if (range.dateEnd) {
    const next = addDays(range.dateEnd, 1);
    parts.push(sql`${instant} < ${at(utcMidnight(next) + SPREAD_MS)}`);
    parts.push(sql`${instant} < ${dayStartIn(next, zone)}`);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** A period [startsAt, endsAt) overlaps the range's days on the clock of `zone`. */
export function overlapsDaysIn(
  startsAt: Expr,
  endsAt: Expr,
  zone: Expr,
  range: { dateInit: string; dateEnd: string },
): SQL {
  const next = addDays(range.dateEnd, 1);
  return sql.join(
    [
      sql`${startsAt} < ${at(utcMidnight(next) + SPREAD_MS)}`,
      sql`${endsAt} > ${at(utcMidnight(range.dateInit) - SPREAD_MS)}`,
      sql`${startsAt} < ${dayStartIn(next, zone)}`,
      sql`${endsAt} > ${dayStartIn(range.dateInit, zone)}`,
    ],
    sql` and `,
  );
}
