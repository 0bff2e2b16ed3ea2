/** Public room browsing: search, a room's page, availability (SPEC §7 Rooms). */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { PageMeta, RoomDetail, RoomSummary, SearchBody } from '#common/contracts/rooms';
import type { Availability } from '#common/contracts/supply';
import { api } from '#web/lib/api.ts';

export function useRoomSearch(body: SearchBody, page: number) {
  return useQuery({
    queryKey: ['rooms', 'search', body, page],
    queryFn: () =>
      api<{ data: RoomSummary[]; meta: PageMeta }>(`/customer/room/genericsearch?page=${page}`, {
        method: 'POST',
        body,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useRoomDetail(uuid: string | undefined) {
  return useQuery({
    queryKey: ['rooms', 'detail', uuid],
    queryFn: () => api<{ data: RoomDetail }>(`/rooms/${uuid}`).then((r) => r.data),
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
