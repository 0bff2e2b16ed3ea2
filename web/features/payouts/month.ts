/**
 * Months as the statement filter uses them: "YYYY-MM". The current one is read on the partner's
 * clock (its clinics' zone, `partnerZone`), the marketplace's by default: a line's day is its
 * clinic's (issue 42).
 */
import { zonedDate } from '#common/time/zone';
import { MARKETPLACE_ZONE } from '#web/lib/dates.ts';

export const currentMonth = (now = new Date(), zone = MARKETPLACE_ZONE) => zonedDate(now, zone).slice(0, 7);

/** The month's first and last day, the statement query's dateInit and dateEnd. */
export function monthRange(month: string): [string, string] {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return [`${month}-01`, `${month}-${String(last).padStart(2, '0')}`];
}

/** "dd/mm/yy" of an ISO date-time as written (the clinic's wall clock), whatever the browser's zone. */
export const shortDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(2, 4)}`;
