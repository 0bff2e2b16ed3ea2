/** Months as the statement filter uses them: "YYYY-MM", in the marketplace's zone. */
import { zonedDate } from '#common/time/zone';

export const currentMonth = (now = new Date()) => zonedDate(now, 'America/Sao_Paulo').slice(0, 7);

/** The month's first and last day, the statement query's dateInit and dateEnd. */
export function monthRange(month: string): [string, string] {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return [`${month}-01`, `${month}-${String(last).padStart(2, '0')}`];
}

/** "dd/mm/yy" of an ISO date-time as written (the clinic's wall clock), whatever the browser's zone. */
export const shortDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(2, 4)}`;
