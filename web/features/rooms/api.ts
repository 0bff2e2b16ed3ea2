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
