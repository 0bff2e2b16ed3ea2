/** Public room browsing: search, a room's page, availability (SPEC §7 Rooms). */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { RoomDetail, RoomPage, SearchBody, Suggestion } from '#common/contracts/rooms';
import type { Availability } from '#common/contracts/supply';
import { publicQueryKeys, type searchFromUrl } from '#common/domain/rooms';
import { ApiError, api } from '#web/lib/api.ts';

type SearchPage = RoomPage;

export function useRoomSearch(body: ReturnType<typeof searchFromUrl>['body'], page: number) {
  return useQuery({
    queryKey: publicQueryKeys.search(body, page),
    queryFn: () =>
      api<SearchPage>(`/customer/room/genericsearch?page=${page}`, {
        method: 'POST',
        body: body satisfies SearchBody,
      }),
    placeholderData: keepPreviousData,
    // A page drawn by the server arrives with this data: no second request for it at once.
    staleTime: 60_000,
  });
}

/**
 * What the search field suggests for a text (decision 0042): asked from two letters on, the last
 * answer kept while the next one comes so the list does not blink.
 */
export function useSearchSuggestions(q: string) {
  const text = q.trim();
  return useQuery<Suggestion[]>({
    queryKey: ['rooms', 'suggestions', text.toLowerCase()],
    queryFn: ({ signal }) =>
      api<{ data: Suggestion[] }>(`/rooms/suggestions?q=${encodeURIComponent(text)}`, { signal }).then(
        (r) => r.data,
      ),
    enabled: text.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export function useRoomDetail(uuid: string | undefined) {
  return useQuery({
    queryKey: publicQueryKeys.room(uuid ?? ''),
    // null: no such room (404) — what the server seeds for an unknown room's page too.
    queryFn: () =>
      api<{ data: RoomDetail }>(`/rooms/${uuid}`).then(
        (r): RoomDetail | null => r.data,
        (err: unknown) => {
          if (err instanceof ApiError && err.status === 404) return null;
          throw err;
        },
      ),
    enabled: Boolean(uuid),
    staleTime: 60_000,
  });
}

export function useAvailability(uuid: string | undefined, date: string | null) {
  return useQuery({
    queryKey: ['rooms', 'availability', uuid, date],
    queryFn: () =>
      api<{ data: Availability }>(`/customer/room/${uuid}/availability/${date}`).then((r) => r.data),
    enabled: Boolean(uuid && date),
  });
}

/** Several dates at once (bulk booking and "repetir toda semana"). */
export function useBulkAvailability(uuid: string) {
  return useMutation({
    mutationFn: (dateBulk: string[]) =>
      api<{ data: Availability[] }>(`/customer/room/${uuid}/availability`, {
        method: 'POST',
        body: { dateBulk },
      }).then((r) => r.data),
  });
}

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

/**
 * Every day of the calendar's month at once (one call), to mark the days with free hours and
 * leave the full ones out. Under `['rooms', 'availability']`, so a booking refreshes it.
 */
export function useMonthAvailability(uuid: string, month: string, today: string) {
  const days = monthDays(month, today);
  return useQuery({
    queryKey: ['rooms', 'availability', uuid, 'month', month],
    queryFn: () =>
      api<{ data: Availability[] }>(`/customer/room/${uuid}/availability`, {
        method: 'POST',
        body: { dateBulk: days },
      }).then((r) => r.data),
    enabled: days.length > 0,
    staleTime: 60_000,
  });
}
