/** Cards, booking and the specialist's appointments (SPEC §7 Cards, Appointments). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Booking,
  BookingBody,
  Card,
  CardBody,
  CustomerBooking,
  CustomerBookingCancel,
  cancelResponse,
  cardTokenBody,
  MyAppointment,
  MyBooking,
  PaymentStatus,
} from '#common/contracts/booking';
import type { PageMeta } from '#common/contracts/rooms';
import { api } from '#web/lib/api.ts';
import { useSession } from '#web/lib/session.tsx';

type Data<T> = { data: T };
export type CancelResult = z.infer<typeof cancelResponse>['data'];

export function useCards() {
  const { user } = useSession();
  return useQuery({
    queryKey: ['cards', user?.uuid],
    queryFn: () => api<Data<Card[]>>(`/customer/card/${user?.uuid}`).then((r) => r.data),
    enabled: Boolean(user && (user.role_name === 'customer' || user.role_name === 'partner')),
  });
}

export function useAddCard() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    /** The typed card (sandbox) or the token of Mercado Pago's secure fields. */
    mutationFn: (body: CardBody | z.input<typeof cardTokenBody>) =>
      api<Data<Card>>(`/customer/${user?.uuid}/card`, { method: 'POST', body }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cards'] }),
  });
}

export function useMakeDefaultCard() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      api<Data<Card[]>>(`/customer/${user?.uuid}/card/${uuid}`, { method: 'POST' }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cards'] }),
  });
}

export function useRemoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => api<void>(`/customer/${uuid}/card`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cards'] }),
  });
}

export function useBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BookingBody) =>
      api<Data<Booking>>('/customer/appointment/bulk', { method: 'POST', body }).then((r) => r.data),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ['rooms', 'availability'] });
      queryClient.invalidateQueries({ queryKey: ['bookings'] });
      // "Salvar este cartão" unchecked: the server removed the card after the payment.
      queryClient.invalidateQueries({ queryKey: ['cards'] });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: ['cards'] }),
  });
}

/** "Meus agendamentos": one row per booking and one per horário fixo (decision 0037). */
export function useMyBookings(page: number, range: { dateInit?: string | null; dateEnd?: string | null }) {
  const query = new URLSearchParams({ page: String(page) });
  if (range.dateInit) query.set('dateInit', range.dateInit);
  if (range.dateEnd) query.set('dateEnd', range.dateEnd);
  return useQuery({
    queryKey: ['bookings', 'mine', page, range],
    queryFn: () => api<{ data: MyBooking[]; meta: PageMeta }>(`/customer/bookings?${query}`),
  });
}

/** One of the person's bookings: place, hours, payment (the Pix while it can be paid), refunds. */
export function useMyBooking(uuid: string | undefined) {
  return useQuery({
    queryKey: ['bookings', 'one', uuid],
    queryFn: () => api<Data<CustomerBooking>>(`/customer/booking/${uuid}`).then((r) => r.data),
    enabled: Boolean(uuid),
  });
}

/** Cancels every hour of the booking still cancelable (one mail, refunds per the policy). */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      api<Data<CustomerBookingCancel>>(`/customer/booking/${uuid}/cancel`, { method: 'POST' }).then(
        (r) => r.data,
      ),
    // A 409 means the page is out of date too: it is fetched again either way.
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: ['bookings'] });
      queryClient.invalidateQueries({ queryKey: ['appointments'] });
    },
  });
}

export function useMyAppointments(
  page: number,
  range: { dateInit?: string | null; dateEnd?: string | null },
) {
  return useQuery({
    queryKey: ['appointments', 'mine', page, range],
    queryFn: () =>
      api<{ data: MyAppointment[]; meta: PageMeta }>(`/customer/appointments?page=${page}`, {
        method: 'POST',
        body: range,
      }),
  });
}

export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      api<Data<CancelResult>>(`/customer/appointment/${uuid}/cancel`, { method: 'POST' }).then((r) => r.data),
    // A 409 means the list is out of date too: it is fetched again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['appointments'] }),
  });
}

/** The booking is over while waiting for the Pix: canceled (by anyone) or its hold expired. */
export const bookingGone = (s?: PaymentStatus) =>
  s?.booking_status === 'canceled' || s?.booking_status === 'expired';
const settled = (s?: PaymentStatus) => Boolean(s && (s.status !== 'pending' || bookingGone(s)));

/** Polls a Pix payment every 3 s until it is paid, failed or expired, or the booking is gone. */
export function usePaymentStatus(uuid: string | undefined) {
  return useQuery({
    queryKey: ['payment', uuid],
    queryFn: () => api<Data<PaymentStatus>>(`/customer/payment/${uuid}`).then((r) => r.data),
    enabled: Boolean(uuid),
    refetchInterval: (query) => (settled(query.state.data) ? false : 3000),
  });
}

export function useSimulatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      api<Data<PaymentStatus>>(`/customer/payment/${uuid}/simulate`, { method: 'POST' }).then((r) => r.data),
    onSuccess: (data) => queryClient.setQueryData(['payment', data.uuid], data),
  });
}
