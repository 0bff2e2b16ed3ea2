/** Public room browsing: search, a room's page, availability (SPEC §7 Rooms). */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { RoomDetail, RoomPage, SearchBody, Suggestion } from '#common/contracts/rooms';
import type { Availability } from '#common/contracts/supply';
import { monthDays, publicQueryKeys, type searchFromUrl } from '#common/domain/rooms';
import { zonedDate } from '#common/time/zone';
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
    queryKey: publicQueryKeys.day(uuid ?? '', date),
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

/**
 * Every day of the calendar's month at once (one call), to mark the days with free hours and
 * leave the full ones out. Under `['rooms', 'availability']`, so a booking refreshes it.
 */
export function useMonthAvailability(uuid: string, month: string, today: string) {
  const days = monthDays(month, today);
  return useQuery({
    queryKey: publicQueryKeys.month(uuid, month),
    queryFn: () =>
      api<{ data: Availability[] }>(`/customer/room/${uuid}/availability`, {
        method: 'POST',
        body: { dateBulk: days },
      }).then((r) => r.data),
    enabled: days.length > 0,
    staleTime: 60_000,
  });
}

/**
 * Today in the clinic's zone: as the server saw it when it drew the page (seeded, so the browser
 * hydrates the same calendar), else the browser's clock.
 */
export function useToday(timeZone: string): string {
  return useQuery({
    queryKey: publicQueryKeys.today(timeZone),
    queryFn: () => zonedDate(new Date(), timeZone),
    initialData: () => zonedDate(new Date(), timeZone),
    staleTime: 60 * 60_000,
  }).data;
}
