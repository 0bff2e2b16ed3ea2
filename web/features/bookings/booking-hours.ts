/**
 * A booking's hours as people read them: per day, consecutive hours joined ("14:00–16:00"), in
 * the clinic's calendar (the ISO strings carry the clinic's offset: their first 10 characters are
 * the local date, 11–16 the local time).
 */
import type { MyBookingHour } from '#common/contracts/booking';

export interface BookingDay {
  /** yyyy-MM-dd in the clinic's zone. */
  date: string;
  /** "14:00–16:00", one per stretch of the day. */
  ranges: string[];
}

type Hour = Pick<MyBookingHour, 'date_time' | 'ends_at'>;

export function daysOf(hours: Hour[]): BookingDay[] {
  const sorted = [...hours].sort((a, b) => Date.parse(a.date_time) - Date.parse(b.date_time));
  const days: BookingDay[] = [];
  let last: { date: string; end: string; from: string } | undefined;
  const close = () => {
    if (last) days.at(-1)!.ranges.push(`${last.from.slice(11, 16)}–${last.end.slice(11, 16)}`);
  };
  for (const h of sorted) {
    const date = h.date_time.slice(0, 10);
    if (last && last.date === date && Date.parse(last.end) === Date.parse(h.date_time)) {
      last.end = h.ends_at;
      continue;
    }
    close();
    if (days.at(-1)?.date !== date) days.push({ date, ranges: [] });
    last = { date, from: h.date_time, end: h.ends_at };
  }
  close();
  return days;
}

/** dd/mm/yy (SPEC §9's list format) of a yyyy-MM-dd. */
export const shortDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(2, 4)}`;

/** dd/mm/yyyy às HH:mm of an ISO instant, in the zone it was written in. */
export const dateAndTime = (iso: string) =>
  `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} às ${iso.slice(11, 16)}`;

const GONE = ['canceled', 'expired'];

/** The hours a row shows: those still standing, or all of them once none is. */
export function shownHours<T extends Pick<MyBookingHour, 'status'>>(hours: T[]): T[] {
  const standing = hours.filter((h) => !GONE.includes(h.status));
  return standing.length ? standing : hours;
}

/** What canceling now does: how many hours go, how many of them without refund, what comes back. */
export function cancelOutcome(hours: MyBookingHour[], unpaid: boolean) {
  const going = hours.filter((h) => h.cancelable);
  const late = unpaid ? [] : going.filter((h) => !h.refundable);
  const refundCents = unpaid ? 0 : going.filter((h) => h.refundable).reduce((s, h) => s + h.price_cents, 0);
  return { going, late: late.length, refundCents };
}
