/** The partner's agenda (SPEC §7: GET /api/partner/appointments/{a}/{b}/{c}, status updates). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PartnerAppointment } from '#common/contracts/booking';
import type { PageMeta } from '#common/contracts/rooms';
import { api } from '#web/lib/api.ts';

export function useAgenda(range: [string, string], clinic: string | null, room: string | null, page: number) {
  const query = new URLSearchParams({ page: String(page), per_page: '50' });
  if (room) query.set('room', room);
  return useQuery({
    queryKey: ['agenda', range, clinic, room, page],
    queryFn: () =>
      api<{ data: PartnerAppointment[]; meta: PageMeta }>(
        `/partner/appointments/${range[0]}/${range[1]}/${clinic ?? 'todas'}?${query}`,
      ),
  });
}

export function useUpdateStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, date_time, status }: { uuid: string; date_time: string; status: string }) =>
      api(`/partner/appointment/${uuid}/status/update`, { method: 'POST', body: { date_time, status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['agenda'] }),
  });
}
