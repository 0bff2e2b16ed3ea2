/**
 * Room search: its filters and sorts, and the list's address (decision 0042).
 * Plain values without zod: public pages import them without loading the validation library.
 */
import { addDays } from '#common/time/zone';
import { ufs } from './auth.ts';

export const searchFilters = ['all', 'city', 'neighborhood', 'clinic', 'room'] as const;
export type SearchFilter = (typeof searchFilters)[number];

/**
 * `relevance` (the default since decision 0042): pinned, then text match, then free hours.
 * `rating`: best average first (rooms without reviews last); `distance`: nearest first, only with
 * `near` (a search with `near` and no sort is sorted by distance).
 */
export const searchSorts = ['relevance', 'price_asc', 'price_desc', 'name', 'rating', 'distance'] as const;

export type SearchSort = (typeof searchSorts)[number];

/** What an autocomplete suggestion names: a search over that field (a state: its abbreviation). */
export const suggestionKinds = ['state', 'city', 'neighborhood', 'clinic'] as const;
export type SuggestionKind = (typeof suggestionKinds)[number];

/** "4 estrelas ou mais": the lowest average a search may ask for, and the highest. */
export const MIN_RATING_FILTERS = [3, 4, 4.5] as const;

/** At most this many facilities in one search (more is not a person narrowing, it is a crawler). */
export const MAX_SEARCH_FACILITIES = 20;

/**
 * A search text that is a state's abbreviation ("SP", "rj", " mg ") means that state: every room
 * whose clinic is there, and not rooms whose name holds the two letters ("Espaço"). Null otherwise.
 */
export function stateOf(value: string | null | undefined): (typeof ufs)[number] | null {
  const upper = (value ?? '').trim().toUpperCase();
  return (ufs as readonly string[]).includes(upper) ? (upper as (typeof ufs)[number]) : null;
}

/** The 27 states' names: the suggestions ("Minas" suggests MG) and the address forms' UF select. */
export const stateNames: Record<(typeof ufs)[number], string> = {
  AC: 'Acre',
  AL: 'Alagoas',
  AP: 'Amapá',
  AM: 'Amazonas',
  BA: 'Bahia',
  CE: 'Ceará',
  DF: 'Distrito Federal',
  ES: 'Espírito Santo',
  GO: 'Goiás',
  MA: 'Maranhão',
  MT: 'Mato Grosso',
  MS: 'Mato Grosso do Sul',
  MG: 'Minas Gerais',
  PA: 'Pará',
  PB: 'Paraíba',
  PR: 'Paraná',
  PE: 'Pernambuco',
  PI: 'Piauí',
  RJ: 'Rio de Janeiro',
  RN: 'Rio Grande do Norte',
  RS: 'Rio Grande do Sul',
  RO: 'Rondônia',
  RR: 'Roraima',
  SC: 'Santa Catarina',
  SP: 'São Paulo',
  SE: 'Sergipe',
  TO: 'Tocantins',
};

/** Accents and case folded away, as the database's salas_fold does for the stored columns. */
export const fold = (value: string) =>
  value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The list's address parameters. `search`, `date`, `ordem` and `page` are as before decision 0042
 * (old links keep working: `ordem=name|price_asc|price_desc`); the filters are new and optional.
 * Where rooms are (DESIGN §10): `perto=lat,lng` (nearest first), `area=south,west,north,east` (the
 * map's view), `nota=4` (the lowest average), and `ordem=rating|distance`.
 */
export const searchParamNames = {
  search: 'search',
  date: 'date',
  sort: 'ordem',
  page: 'page',
  field: 'campo',
  neighborhood: 'bairro',
  minPrice: 'preco_min',
  maxPrice: 'preco_max',
  facilities: 'diferenciais',
  near: 'perto',
  area: 'area',
  minRating: 'nota',
} as const;

/** The filters a person narrows with (not the text, date, order, page or the place on the map). */
export const filterParams = [
  searchParamNames.neighborhood,
  searchParamNames.minPrice,
  searchParamNames.maxPrice,
  searchParamNames.facilities,
  searchParamNames.minRating,
] as const;

/** Comma-separated finite numbers (`-23.56,-46.69`), exactly `count` of them, or null. */
function numbersParam(raw: string | null, count: number): number[] | null {
  if (!raw) return null;
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.length !== count || parts.some((p) => p === '')) return null;
  const numbers = parts.map(Number);
  return numbers.every(Number.isFinite) ? numbers : null;
}

const isLat = (v: number) => v >= -90 && v <= 90;
const isLng = (v: number) => v >= -180 && v <= 180;

/** `perto=lat,lng` as a point, or null when it is not one. */
export function nearParam(raw: string | null): { lat: number; lng: number } | null {
  const n = numbersParam(raw, 2);
  if (!n) return null;
  const [lat, lng] = n as [number, number];
  return isLat(lat) && isLng(lng) ? { lat, lng } : null;
}

/** `area=south,west,north,east` as a box, or null when it is not one (corners reversed included). */
export function areaParam(
  raw: string | null,
): { south: number; west: number; north: number; east: number } | null {
  const n = numbersParam(raw, 4);
  if (!n) return null;
  const [south, west, north, east] = n as [number, number, number, number];
  const inside = isLat(south) && isLat(north) && isLng(west) && isLng(east);
  return inside && south <= north && west <= east ? { south, west, north, east } : null;
}

/** `nota=4` (also `4,5` or `4.5`) as the lowest average, 1 to 5, or null. */
function ratingParam(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const rating = Number(raw.replace(',', '.'));
  return Number.isFinite(rating) && rating >= 1 && rating <= 5 ? rating : null;
}

/** The highest page an address may ask for (as `pageQuery` in common/contracts/rooms.ts). */
const MAX_PAGE = 100_000;

/**
 * A list's page from its address (`?page=N`, 1-based, DESIGN §10 "Crawlers"): anything that is not
 * a page is the first one, a fraction its whole part, so every address draws a page.
 */
export function pageNumberIn(params: URLSearchParams): number {
  const n = Math.floor(Number(params.get(searchParamNames.page) ?? 1));
  return Number.isFinite(n) ? Math.min(MAX_PAGE, Math.max(1, n)) : 1;
}

/**
 * A list page's own address: page 1 without `page`, the other parameters kept as they are
 * (the list's search, filters and order), so each page is its own canonical URL.
 */
export function pagePath(path: string, params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page > 1) next.set(searchParamNames.page, String(page));
  else next.delete(searchParamNames.page);
  const query = next.toString();
  return query ? `${path}?${query}` : path;
}

/** Whole reais from the address (`preco_min=80`) to centavos; anything else is no bound. */
function reaisParam(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const reais = Number(raw.replace(',', '.'));
  if (!Number.isFinite(reais) || reais < 0 || reais > 100_000) return null;
  return Math.round(reais * 100);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The room list's search as its address carries it: /rooms?search=…&date=…&ordem=…&page=… and,
 * to narrow, campo (what the text names: city, neighborhood, clinic, room), bairro, preco_min and
 * preco_max (whole reais), diferenciais (facility uuids, comma-separated), nota, perto and area.
 * Values the search cannot use are left out rather than answered with an error: a shared link
 * still opens.
 */
export function searchFromUrl(params: URLSearchParams) {
  const n = searchParamNames;
  const near = nearParam(params.get(n.near));
  const bbox = areaParam(params.get(n.area));
  const minRating = ratingParam(params.get(n.minRating));
  const ordem = params.get(n.sort);
  // Nearest first when the list has a point and no other order; by distance only with a point.
  const asked = searchSorts.find((s) => s === ordem && (s !== 'distance' || near));
  const sort: SearchSort = asked ?? (near ? 'distance' : 'relevance');
  const search = params.get(n.search) ?? '';
  const date = params.get(n.date) || null;
  const campo = params.get(n.field);
  const field = searchFilters.find((f) => f === campo && f !== 'all') ?? null;
  const neighborhood = params.get(n.neighborhood)?.trim().slice(0, 120) || null;
  let minPrice = reaisParam(params.get(n.minPrice));
  let maxPrice = reaisParam(params.get(n.maxPrice));
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  const facilities = [
    ...new Set(
      (params.get(n.facilities) ?? '')
        .split(',')
        .map((f) => f.trim().toLowerCase())
        .filter((f) => UUID.test(f)),
    ),
  ]
    .sort()
    .slice(0, MAX_SEARCH_FACILITIES);
  return {
    search,
    date,
    sort,
    field,
    neighborhood,
    minPrice,
    maxPrice,
    facilities,
    near,
    bbox,
    minRating,
    page: pageNumberIn(params),
    /**
     * The body of POST /api/customer/room/genericsearch; the filters only when set, so a plain
     * search asks exactly what it asked before.
     */
    body: {
      value: search || null,
      date,
      attributeSortBy: sort,
      ...(field && search ? { attributeToFilter: field } : {}),
      ...(neighborhood ? { neighborhood } : {}),
      ...(minPrice !== null ? { min_price_cents: minPrice } : {}),
      ...(maxPrice !== null ? { max_price_cents: maxPrice } : {}),
      ...(facilities.length ? { facilities } : {}),
      ...(minRating !== null ? { min_rating: minRating } : {}),
      ...(near ? { near } : {}),
      ...(bbox ? { bbox } : {}),
    },
  };
}

export type SearchFromUrl = ReturnType<typeof searchFromUrl>;

/**
 * The query keys of the public pages' data, shared by the browser's queries (web/features/rooms/api.ts)
 * and the server that draws those pages with the same data already in the cache.
 */
export const publicQueryKeys = {
  search: (body: SearchFromUrl['body'], page: number) => ['rooms', 'search', body, page] as const,
  room: (uuid: string) => ['rooms', 'detail', uuid] as const,
  city: (slug: string, page: number) => ['rooms', 'city', slug, page] as const,
  cities: ['rooms', 'cities'] as const,
  /** One day's slots of a room (`GET /api/customer/room/{uuid}/availability/{date}`). */
  day: (uuid: string, date: string | null) => ['rooms', 'availability', uuid, date] as const,
  /** Every day of a month from today on, in one call: the room page's calendar. */
  month: (uuid: string, month: string) => ['rooms', 'availability', uuid, 'month', month] as const,
  /** Today in the clinic's zone, as the server that drew the page saw it. */
  today: (timeZone: string) => ['clock', 'today', timeZone] as const,
  /** GET /api/config: the links of the footer and the help buttons, on every page. */
  config: ['config'] as const,
};

/** How long ahead a room takes bookings, in days: the calendar's last day. */
export const BOOKABLE_DAYS = 365;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;

/** A real yyyy-MM-dd, or null. */
function validDay(value: string | null | undefined): string | null {
  if (!value || !DAY.test(value)) return null;
  const noon = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(noon.getTime()) && noon.toISOString().slice(0, 10) === value ? value : null;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)$/;

/** The picked hours in a room page's address (`h`, comma-separated instants; others are dropped). */
export const pickedIn = (params: URLSearchParams) =>
  (params.get('h') ?? '').split(',').filter((h) => INSTANT.test(h) && !Number.isNaN(Date.parse(h)));

/** The day a room page shows: `dia`, else the list's `date`, else the first picked hour's. */
export const shownDayIn = (params: URLSearchParams): string | null =>
  validDay(params.get('dia')) ?? validDay(params.get('date')) ?? validDay(pickedIn(params)[0]?.slice(0, 10));

/**
 * The month a room page's calendar shows (yyyy-MM): `mes`, else the shown day's, else today's, kept
 * between today's month and the last bookable day's.
 */
export function shownMonthIn(params: URLSearchParams, today: string): string {
  const mes = params.get('mes');
  const asked = (mes && MONTH.test(mes) ? mes : null) ?? (shownDayIn(params) ?? today).slice(0, 7);
  const first = today.slice(0, 7);
  const last = lastBookableDay(today).slice(0, 7);
  if (asked < first) return first;
  if (asked > last) return last;
  return asked;
}

/** The last day a room takes bookings, counted from today (yyyy-MM-dd). */
export const lastBookableDay = (today: string): string => addDays(today, BOOKABLE_DAYS);

/** The days of `month` (yyyy-MM) from `from` (yyyy-MM-dd, today) on, at most the whole month. */
export function monthDays(month: string, from: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const days: string[] = [];
  for (let d = 1; d <= last; d++) {
    const day = `${month}-${String(d).padStart(2, '0')}`;
    if (day >= from) days.push(day);
  }
  return days;
}

/** The month after (or before, `by` = -1) `month` (yyyy-MM). */
export function addMonths(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}
