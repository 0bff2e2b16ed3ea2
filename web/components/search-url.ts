/** Where the header search goes (SPEC §2 "Search bar"). */

/** Pages that list rooms and read `search` and `date` themselves. */
const ROOM_LISTS = ['/rooms', '/especialista/salas'];

/** yyyy-MM-dd of a local date (the search state's date format). */
export function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Both fields empty -> /rooms. Otherwise the current URL with `search` and `date`; on a page that
 * does not list rooms, the public room list with them (docs/decisions/0005).
 */
export function searchTarget(pathname: string, text: string, date: string | null): string {
  const search = text.trim();
  if (!search && !date) return '/rooms';
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (date) params.set('date', date);
  const base = ROOM_LISTS.includes(pathname) ? pathname : '/rooms';
  return `${base}?${params.toString()}`;
}
