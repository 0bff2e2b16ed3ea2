/** The operator's back office calls (SPEC §7 "fusion") and the partner dashboard. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminAppointment,
  AdminFacility,
  AdminPartner,
  AdminRoom,
  AdminSpecialist,
  AdminUserActivity,
  AdminUserDetail,
  AvailableRooms,
  CoworkingCount,
  FrequentSchedules,
  Plan,
  partnerFutureResponse,
  SalesTurnover,
  SpecialistsStats,
  setActiveResponse,
} from '#common/contracts/admin';
import type { DeskBooking, DeskBookingDetail } from '#common/contracts/desk';
import type { FailedMail } from '#common/contracts/mail';
import type { PaymentAttention } from '#common/contracts/payments';
import type { PageMeta } from '#common/contracts/rooms';
import { api } from '#web/lib/api.ts';

type Page<T> = { data: T[]; meta: PageMeta };
const qs = (params: Record<string, string | number | null | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

// ---------------------------------------------------------------- people

export type SpecialistQuery = {
  page: number;
  sort: 'name' | 'email' | 'created_at';
  order: 'asc' | 'desc';
  search?: { attribute: 'name' | 'email' | 'cpf'; value: string };
};

export function useSpecialists(q: SpecialistQuery) {
  return useQuery({
    queryKey: ['admin', 'specialists', q],
    queryFn: () =>
      q.search?.value
        ? api<Page<AdminSpecialist>>(`/fusion/customer/search?page=${q.page}`, {
            method: 'POST',
            body: q.search,
          })
        : api<Page<AdminSpecialist>>(
            `/fusion/customer/sorted?${qs({ page: q.page, sort: q.sort, order: q.order })}`,
          ),
    placeholderData: keepPreviousData,
  });
}

export function usePartners(page: number) {
  return useQuery({
    queryKey: ['admin', 'partners', page],
    queryFn: () => api<Page<AdminPartner>>(`/fusion/users/partner?page=${page}`),
    placeholderData: keepPreviousData,
  });
}

export function useAllPartners() {
  return useQuery({
    queryKey: ['admin', 'partners', 'all'],
    queryFn: () => api<Page<AdminPartner>>('/fusion/users/partner?paginate=false').then((r) => r.data),
  });
}

export function useUserDetail(uuid: string | undefined) {
  return useQuery({
    queryKey: ['admin', 'user', uuid],
    queryFn: () => api<{ data: AdminUserDetail }>(`/fusion/user/${uuid}`).then((r) => r.data),
    enabled: Boolean(uuid),
  });
}

function useAdminMutation<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export type PartnerFuture = z.infer<typeof partnerFutureResponse>['data'];
export type SetActiveResult = z.infer<typeof setActiveResponse>['data'];

/** A partner's rooms' bookings still to come: what suspending it would keep or cancel. */
export const partnerFutureQuery = (uuid: string) =>
  queryOptions({
    queryKey: ['admin', 'partner-future', uuid],
    queryFn: () =>
      api<{ data: PartnerFuture }>(`/fusion/partner/${uuid}/future-appointments`).then((r) => r.data),
    staleTime: 0,
  });

export const useSetActive = () =>
  useAdminMutation((b: { user_uuid: string; setStatus: 0 | 1; cancel_future?: boolean }) =>
    api<{ data: SetActiveResult }>('/fusion/setActiveStatus', { method: 'POST', body: b }).then(
      (r) => r.data,
    ),
  );
export const useCreateSpecialist = () =>
  useAdminMutation((b: { name: string; email: string }) =>
    api<{ data: AdminSpecialist }>('/fusion/customer/store', { method: 'POST', body: b }),
  );
export const useCreatePartner = () =>
  useAdminMutation(
    (b: { name: string; email: string; plan_uuid: string; document?: string; legal_name?: string }) =>
      api<{ data: AdminPartner }>('/fusion/user', { method: 'POST', body: b }),
  );
export const useUpdatePartner = (uuid: string) =>
  useAdminMutation(
    (b: { name: string; phone: string | null; legal_name: string | null; plan_uuid?: string }) =>
      api<{ data: AdminPartner }>(`/fusion/basicdata/${uuid}`, { method: 'PUT', body: b }),
  );

// ---------------------------------------------------------------- marketplace

export type RoomFilter = { page: number; search?: string; partner?: string | null; fixed?: string | null };

export function useAdminRooms(f: RoomFilter) {
  return useQuery({
    queryKey: ['admin', 'rooms', f],
    queryFn: () => api<Page<AdminRoom>>(`/fusion/rooms?${qs(f)}`),
    placeholderData: keepPreviousData,
  });
}

export const useSetFixed = () =>
  useAdminMutation((b: { room_uuid: string; fixed: 0 | 1 }) =>
    api('/fusion/room/setFixed', { method: 'POST', body: b }),
  );

export type AppointmentFilter = {
  dateInit: string;
  dateEnd: string;
  partner?: string | null;
  clinic?: string | null;
  room?: string | null;
  status?: string | null;
};

export function useAdminAppointments(f: AppointmentFilter, page: number) {
  return useQuery({
    queryKey: ['admin', 'appointments', f, page],
    queryFn: () =>
      api<Page<AdminAppointment>>(`/fusion/appointments?page=${page}&per_page=50`, {
        method: 'POST',
        body: f,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useUserAppointments(uuid: string, range: { dateInit: string; dateEnd: string }) {
  return useQuery({
    queryKey: ['admin', 'user-appointments', uuid, range],
    queryFn: () =>
      api<Page<AdminAppointment>>(`/fusion/appointment/${uuid}?per_page=20`, { method: 'POST', body: range }),
  });
}

export function useFacilities() {
  return useQuery({
    queryKey: ['admin', 'facilities'],
    queryFn: () => api<{ data: AdminFacility[] }>('/fusion/facilitywithoutpaginate').then((r) => r.data),
  });
}

export const useSaveFacility = () =>
  useAdminMutation((b: { uuid?: string; name: string }) =>
    b.uuid
      ? api(`/fusion/facility/${b.uuid}`, { method: 'PUT', body: { name: b.name } })
      : api('/fusion/facility', { method: 'POST', body: { name: b.name } }),
  );
export const useDeleteFacility = () =>
  useAdminMutation((uuid: string) => api(`/fusion/facility/${uuid}`, { method: 'DELETE' }));

export function usePlans() {
  return useQuery({
    queryKey: ['admin', 'plans'],
    queryFn: () => api<{ data: Plan[] }>('/fusion/plan').then((r) => r.data),
  });
}

export type PlanInput = {
  uuid?: string;
  name: string;
  commission_percent: number;
  monthly_fee_cents: number;
  active: boolean;
};
export const useSavePlan = () =>
  useAdminMutation(({ uuid, ...body }: PlanInput) =>
    uuid
      ? api(`/fusion/plan/${uuid}`, { method: 'PUT', body })
      : api('/fusion/plan', { method: 'POST', body }),
  );

// ---------------------------------------------------------------- dashboards

export interface Dashboard {
  coworkingcount: CoworkingCount;
  frequentschedules: FrequentSchedules;
  salesturnover: SalesTurnover;
  specialists: SpecialistsStats;
  availableRooms: AvailableRooms;
}

/** One figure of the operator's (`fusion`) or the partner's dashboard for a period. */
export function useDashboard<K extends keyof Dashboard>(
  scope: 'fusion' | 'partner',
  name: K,
  range: { dateInit: string; dateEnd: string },
) {
  return useQuery({
    queryKey: ['dashboard', scope, name, range],
    queryFn: () =>
      api<{ data: Dashboard[K] }>(`/${scope}/dashboard/${name}?${qs(range)}`).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
}

// ---------------------------------------------------------------- mail outbox

export function useFailedMails() {
  return useQuery({
    queryKey: ['admin', 'failed-mails'],
    queryFn: () => api<{ data: FailedMail[] }>('/fusion/mail-outbox').then((r) => r.data),
  });
}

export function useRetryMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      api<{ data: { message: string } }>(`/fusion/mail-outbox/${uuid}/retry`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'failed-mails'] }),
  });
}

// ---------------------------------------------------------------- money that needs the operator

export function usePaymentAttention() {
  return useQuery({
    queryKey: ['admin', 'payment-attention'],
    queryFn: () => api<{ data: PaymentAttention }>('/fusion/payments/attention').then((r) => r.data),
  });
}

// ---------------------------------------------------------------- the desk (decision 0036)

export type DeskFilter = {
  page: number;
  search?: string;
  status?: string | null;
  dateInit?: string | null;
  dateEnd?: string | null;
  /** One person's bookings (the specialist's page). */
  customer?: string;
  per_page?: number;
};

/** Bookings newest first, searched and filtered (GET /api/fusion/bookings). */
export function useDeskBookings(f: DeskFilter) {
  return useQuery({
    queryKey: ['admin', 'desk', 'bookings', f],
    queryFn: () => api<Page<DeskBooking>>(`/fusion/bookings?${qs(f)}`),
    placeholderData: keepPreviousData,
  });
}

/** One booking with its hours, payment, refunds, mails and history. */
export function useDeskBooking(uuid: string | undefined) {
  return useQuery({
    queryKey: ['admin', 'desk', 'booking', uuid],
    queryFn: () => api<{ data: DeskBookingDetail }>(`/fusion/booking/${uuid}`).then((r) => r.data),
    enabled: Boolean(uuid),
  });
}

/** The operator's cancel with its reason; the page reads the canceled booking from the answer. */
export function useDeskCancel(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      api<{ data: DeskBookingDetail }>(`/fusion/booking/${uuid}/cancel`, {
        method: 'POST',
        body: { reason },
      }).then((r) => r.data),
    onSuccess: (data) => {
      client.setQueryData(['admin', 'desk', 'booking', uuid], data);
      return client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

/** A person's horários fixos, waitlist places, saved cards and open invitation. */
export function useUserActivity(uuid: string | undefined) {
  return useQuery({
    queryKey: ['admin', 'user-activity', uuid],
    queryFn: () => api<{ data: AdminUserActivity }>(`/fusion/user/${uuid}/activity`).then((r) => r.data),
    enabled: Boolean(uuid),
  });
}

export const useResendInvitation = (uuid: string) =>
  useAdminMutation<void, { message: string }>(() =>
    api<{ data: { message: string } }>(`/fusion/user/${uuid}/invite`, { method: 'POST' }).then((r) => r.data),
  );
