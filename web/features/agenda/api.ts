/** The partner's agenda (SPEC §7: GET /api/partner/appointments/{a}/{b}/{c}, status updates). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManualBooking, ManualBookingBody, PartnerCalendar } from '#common/contracts/agenda';
import type { IcalFeed, PartnerAppointment } from '#common/contracts/booking';
import type { PageMeta } from '#common/contracts/rooms';
import type { Availability } from '#common/contracts/supply';
import { api } from '#web/lib/api.ts';

export function useAgenda(
  range: [string, string],
  clinic: string | null,
  room: string | null,
  page: number,
  enabled = true,
) {
  const query = new URLSearchParams({ page: String(page), per_page: '50' });
  if (room) query.set('room', room);
  return useQuery({
    queryKey: ['agenda', range, clinic, room, page],
    enabled,
    queryFn: () =>
      api<{ data: PartnerAppointment[]; meta: PageMeta }>(
        `/partner/appointments/${range[0]}/${range[1]}/${clinic ?? 'todas'}?${query}`,
      ),
  });
}

/** The calendar's range at once (no paging): appointments and blocks of the partner's rooms. */
export function useCalendar(
  range: [string, string],
  clinic: string | null,
  room: string | null,
  enabled = true,
) {
  const query = new URLSearchParams({ dateInit: range[0], dateEnd: range[1] });
  if (clinic) query.set('clinic', clinic);
  if (room) query.set('room', room);
  return useQuery({
    queryKey: ['agenda', 'calendar', range, clinic, room],
    enabled,
    queryFn: () => api<{ data: PartnerCalendar }>(`/partner/calendar?${query}`).then((r) => r.data),
  });
}

/** Records a booking for someone off the platform (no payment). */
export function useRecordOutsideBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ room, body }: { room: string; body: ManualBookingBody }) =>
      api<{ data: ManualBooking }>(`/partner/room/${room}/manual-booking`, { method: 'POST', body }).then(
        (r) => r.data,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['agenda'] }),
  });
}

/**
 * A day of the partner's own room as an outside booking takes it (its open hours, free or not; no
 * notice nor horizon): what the outside booking form offers. Under `['agenda']`, so recording or
 * canceling refreshes it.
 */
export function useOutsideSlots(room: string | null, date: string | null) {
  return useQuery({
    queryKey: ['agenda', 'slots', room, date],
    enabled: Boolean(room && date),
    queryFn: () =>
      api<{ data: Availability }>(`/partner/room/${room}/availability/${date}`).then((r) => r.data),
  });
}

export function useUpdateStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      uuid,
      date_time,
      status,
      whole_booking,
    }: {
      uuid: string;
      date_time: string;
      status: string;
      /** An outside booking: every hour of it still held (one mail to the person). */
      whole_booking?: boolean;
    }) =>
      api(`/partner/appointment/${uuid}/status/update`, {
        method: 'POST',
        body: whole_booking ? { date_time, status, whole_booking } : { date_time, status },
      }),
    // After a 409 (someone else moved it first) the list is stale too: fetched again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['agenda'] }),
  });
}

const feedKey = (partner: string) => ['agenda', 'ical', partner];

/** The private iCal feed: whether it is on; the URL comes only when it is (re)created. */
export function useCalendarFeed(partner: string) {
  return useQuery({
    queryKey: feedKey(partner),
    queryFn: () => api<{ data: IcalFeed }>(`/partner/${partner}/ical`).then((r) => r.data),
  });
}

export function useChangeCalendarFeed(partner: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      api<{ data: IcalFeed }>(`/partner/${partner}/ical`, { method: on ? 'POST' : 'DELETE' }).then(
        (r) => r.data,
      ),
    onSuccess: (data) => queryClient.setQueryData(feedKey(partner), { ...data, url: null }),
  });
}
