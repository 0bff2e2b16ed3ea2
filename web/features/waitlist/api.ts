/** Waitlist calls (decision 0025). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '#common/contracts/booking';
import type { WaitlistBody, WaitlistEntry } from '#common/contracts/waitlist';
import { api } from '#web/lib/api.ts';

type Data<T> = { data: T };

export const useMyWaitlist = () =>
  useQuery({
    queryKey: ['waitlist'],
    queryFn: () => api<Data<WaitlistEntry[]>>('/customer/waitlist').then((r) => r.data),
  });

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WaitlistBody) =>
      api<Data<WaitlistEntry>>('/customer/waitlist', { method: 'POST', body }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['waitlist'] }),
  });
}

export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => api<null>(`/customer/waitlist/${uuid}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['waitlist'] }),
  });
}

export function useClaimOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      uuid,
      ...body
    }: {
      uuid: string;
      payment_method: 'card' | 'pix';
      card_uuid?: string | null;
    }) =>
      api<Data<Booking>>(`/customer/waitlist/${uuid}/claim`, { method: 'POST', body }).then((r) => r.data),
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: ['waitlist'] });
      queryClient.invalidateQueries({ queryKey: ['appointments'] });
    },
  });
}
