/** Where the header search goes (SPEC §2 "Search bar"). */

/** Pages that list rooms and read `search` and `date` themselves. */
const ROOM_LISTS = ['/rooms', '/especialista/salas'];

/** yyyy-MM-dd of a local date (the search state's date format). */
export function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** What a picked suggestion (decision 0042) or a typed text names. */
export type SearchField = 'city' | 'neighborhood' | 'clinic' | null;

/** The list's narrowing a new text keeps: the order and the price and facility filters (not the neighbourhood, which belongs to a place). */
const KEPT_ON_NEW_TEXT = ['ordem', 'preco_min', 'preco_max', 'diferenciais'];

/**
 * Both fields empty -> /rooms. Otherwise the current URL with `search` and `date` (and `campo`
 * when the text is a picked city, neighbourhood or clinic); on a page that does not list rooms,
 * the public room list with them (docs/decisions/0005). On a room list, `current` (its address
 * parameters) gives the order and filters that stay.
 */
export function searchTarget(
  pathname: string,
  text: string,
  date: string | null,
  options: { field?: SearchField; current?: URLSearchParams } = {},
): string {
  const search = text.trim();
  if (!search && !date) return '/rooms';
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (date) params.set('date', date);
  if (search && options.field) params.set('campo', options.field);
  const onList = ROOM_LISTS.includes(pathname);
  if (onList && options.current)
    for (const key of KEPT_ON_NEW_TEXT) {
      const value = options.current.get(key);
      if (value) params.set(key, value);
    }
  const base = onList ? pathname : '/rooms';
  return `${base}?${params.toString()}`;
}

/** The search context that travels with a person from the list to a room and back. */
export interface SearchContext {
  search?: string | null;
  date?: string | null;
  /** Slots to pick on arrival (the room page reads `h`): a free hour tapped on a card. */
  hours?: string[];
}

const contextParams = ({ search, date }: SearchContext) => {
  const params = new URLSearchParams();
  if (search?.trim()) params.set('search', search.trim());
  if (date) params.set('date', date);
  return params;
};

/**
 * A room's page with the list's `search` and `date`: the header's fields keep their values there,
 * and the calendar opens on the searched day — with `hours` already picked (a card's free hour).
 */
export function roomPath(uuid: string, context: SearchContext = {}): string {
  const params = contextParams(context);
  if (context.hours?.length) params.set('h', [...context.hours].sort().join(','));
  const query = params.toString();
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
