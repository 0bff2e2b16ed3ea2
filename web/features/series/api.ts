/** Horário fixo calls (decision 0024). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '#common/contracts/booking';
import type { Series, SeriesBody, SeriesPreview } from '#common/contracts/series';
import { api } from '#web/lib/api.ts';

type Data<T> = { data: T };

export function useSeriesPreview(body: SeriesBody | null) {
  return useQuery({
    queryKey: ['series', 'preview', body],
    queryFn: () =>
      api<Data<SeriesPreview>>('/customer/series/preview', { method: 'POST', body: body! }).then(
        (r) => r.data,
      ),
    enabled: Boolean(body),
    retry: false,
  });
}

export function useCreateSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SeriesBody) =>
      api<Data<{ series: Series; booking: Booking }>>('/customer/series', { method: 'POST', body }).then(
        (r) => r.data,
      ),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ['rooms', 'availability'] });
      queryClient.invalidateQueries({ queryKey: ['bookings'] });
      queryClient.invalidateQueries({ queryKey: ['series'] });
    },
  });
}

export const useMySeries = () =>
  useQuery({
    queryKey: ['series', 'mine'],
    queryFn: () => api<Data<Series[]>>('/customer/series').then((r) => r.data),
  });

type Change = { series: Series; refund_cents: number; canceled: number };

export function useSeriesChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, skip }: { uuid: string; skip?: string }) =>
      api<Data<Change>>(`/customer/series/${uuid}/${skip ? 'skip' : 'cancel'}`, {
        method: 'POST',
        body: skip ? { date: skip } : undefined,
      }).then((r) => r.data),
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: ['series'] });
      queryClient.invalidateQueries({ queryKey: ['appointments'] });
      queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
  });
}
