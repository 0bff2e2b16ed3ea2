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

/** The search context that travels with a person from the list to a room and back. */
export interface SearchContext {
  search?: string | null;
  date?: string | null;
}

const contextParams = ({ search, date }: SearchContext) => {
  const params = new URLSearchParams();
  if (search?.trim()) params.set('search', search.trim());
  if (date) params.set('date', date);
  return params;
};

/**
 * A room's page with the list's `search` and `date`: the header's fields keep their values there,
 * and the calendar opens on the searched day.
 */
export function roomPath(uuid: string, context: SearchContext = {}): string {
  const query = contextParams(context).toString();
  return query ? `/rooms/${uuid}?${query}` : `/rooms/${uuid}`;
}

/**
 * "Voltar" on a room page: the list the person came from (kept in the navigation state, with its
 * sort and page), else the public list with the search and date the room's address carries.
 */
export function backToList(params: URLSearchParams, from?: unknown): string {
  if (typeof from === 'string' && ROOM_LISTS.some((list) => from === list || from.startsWith(`${list}?`)))
    return from;
  const query = contextParams({ search: params.get('search'), date: params.get('date') }).toString();
  return query ? `/rooms?${query}` : '/rooms';
}
