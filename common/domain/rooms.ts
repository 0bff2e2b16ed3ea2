/**
 * Room search: its filters and sorts.
 * Plain values without zod: public pages import them without loading the validation library.
 */
export const searchFilters = ['all', 'city', 'neighborhood', 'clinic', 'room'] as const;

export const searchSorts = ['price_asc', 'price_desc', 'name'] as const;

export type SearchSort = (typeof searchSorts)[number];

/** The room list's search as its address carries it: /rooms?search=…&date=…&ordem=…&page=…. */
export function searchFromUrl(params: URLSearchParams) {
  const ordem = params.get('ordem');
  const sort: SearchSort = searchSorts.find((s) => s === ordem) ?? 'name';
  const search = params.get('search') ?? '';
  const date = params.get('date') || null;
  return {
    search,
    date,
    sort,
    page: Math.max(1, Number(params.get('page') ?? 1) || 1),
    /** The body of POST /api/customer/room/genericsearch. */
    body: { value: search || null, date, attributeSortBy: sort },
  };
}

/** Names a search page and a room page in the data the server writes into the HTML. */
export const initialDataKeys = {
  search: (body: ReturnType<typeof searchFromUrl>['body'], page: number) =>
    `search:${page}:${JSON.stringify(body)}`,
  room: (uuid: string) => `room:${uuid}`,
};
