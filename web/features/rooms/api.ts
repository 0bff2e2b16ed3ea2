/** Public room browsing: search, a room's page, availability (SPEC §7 Rooms). */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { PageMeta, RoomDetail, RoomSummary, SearchBody } from '#common/contracts/rooms';
import type { Availability } from '#common/contracts/supply';
import { initialDataKeys, type searchFromUrl } from '#common/domain/rooms';
import { api } from '#web/lib/api.ts';
import { takeInitialData } from '#web/lib/initial-data.ts';

type SearchPage = { data: RoomSummary[]; meta: PageMeta };

export function useRoomSearch(body: ReturnType<typeof searchFromUrl>['body'], page: number) {
  return useQuery({
    queryKey: ['rooms', 'search', body, page],
    queryFn: () =>
      api<SearchPage>(`/customer/room/genericsearch?page=${page}`, {
        method: 'POST',
        body: body satisfies SearchBody,
      }),
    initialData: () => takeInitialData<SearchPage>(initialDataKeys.search(body, page)),
    placeholderData: keepPreviousData,
  });
}

export function useRoomDetail(uuid: string | undefined) {
  return useQuery({
    queryKey: ['rooms', 'detail', uuid],
    queryFn: () => api<{ data: RoomDetail }>(`/rooms/${uuid}`).then((r) => r.data),
    initialData: () => (uuid ? takeInitialData<RoomDetail>(initialDataKeys.room(uuid)) : undefined),
    enabled: Boolean(uuid),
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
