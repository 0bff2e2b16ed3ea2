/** Partner supply calls (SPEC §7 Clinics, Rooms, hours, blocks, facilities, photos, address, contact). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressInput } from '#common/contracts/auth';
import type { RoomRules } from '#common/contracts/booking-rules';
import type {
  Block,
  BulkBlockingBody,
  Clinic,
  ClinicBody,
  Contact,
  ContactBody,
  Facility,
  HourRange,
  Photo,
  Room,
  RoomBody,
} from '#common/contracts/supply';
import type { BookingRules } from '#common/domain/booking-rules';
import { api } from '#web/lib/api.ts';
import { useSession } from '#web/lib/session.tsx';

type Data<T> = { data: T };
const unwrap = <T>(r: Data<T>) => r.data;

export const clinicsQuery = queryOptions({
  queryKey: ['partner', 'clinics'],
  queryFn: () => api<Data<Clinic[]>>('/partner/coworkings').then(unwrap),
});
export const roomsQuery = queryOptions({
  queryKey: ['partner', 'rooms'],
  queryFn: () => api<Data<Room[]>>('/partner/rooms').then(unwrap),
});
export const facilitiesQuery = queryOptions({
  queryKey: ['facilities'],
  queryFn: () => api<Data<Facility[]>>('/facilities').then(unwrap),
  staleTime: 5 * 60_000,
});

export const useClinics = () => useQuery(clinicsQuery);
export const useRooms = () => useQuery(roomsQuery);
export const useFacilities = () => useQuery(facilitiesQuery);

function usePartnerPath() {
  const { user } = useSession();
  return `/partner/${user?.uuid ?? ''}`;
}

export function useClinic(uuid: string | undefined) {
  const base = usePartnerPath();
  return useQuery({
    queryKey: ['partner', 'clinics', uuid],
    queryFn: () => api<Data<Clinic>>(`${base}/coworking/${uuid}`).then(unwrap),
    enabled: Boolean(uuid),
  });
}

export function useClinicHours(uuid: string | undefined) {
  const base = usePartnerPath();
  return useQuery({
    queryKey: ['partner', 'clinics', uuid, 'hours'],
    queryFn: () => api<Data<HourRange[]>>(`${base}/coworking/${uuid}/opening-hour`).then(unwrap),
    enabled: Boolean(uuid),
  });
}

export function useRoom(uuid: string | undefined) {
  return useQuery({
    queryKey: ['partner', 'rooms', uuid],
    queryFn: () => api<Data<Room>>(`/partner/room/${uuid}`).then(unwrap),
    enabled: Boolean(uuid),
  });
}

export function useBlocks(roomUuid: string | undefined) {
  return useQuery({
    queryKey: ['partner', 'rooms', roomUuid, 'blocks'],
    queryFn: () => api<Data<Block[]>>(`/partner/blockedschedule/room/${roomUuid}`).then(unwrap),
    enabled: Boolean(roomUuid),
  });
}

/** Every supply mutation refreshes the partner's clinics and rooms. */
function useSupplyMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['partner'] }),
  });
}

export function useSaveClinic() {
  const base = usePartnerPath();
  return useSupplyMutation(({ uuid, body }: { uuid?: string; body: ClinicBody }) =>
    api<Data<Clinic>>(uuid ? `${base}/coworking/${uuid}` : `${base}/coworking`, {
      method: uuid ? 'PUT' : 'POST',
      body,
    }).then(unwrap),
  );
}

export function useDeleteClinic() {
  const base = usePartnerPath();
  return useSupplyMutation((uuid: string) => api<void>(`${base}/coworking/${uuid}`, { method: 'DELETE' }));
}

export function useSaveClinicHours() {
  const base = usePartnerPath();
  return useSupplyMutation(({ uuid, hours }: { uuid: string; hours: HourRange[] }) =>
    api<Data<HourRange[]>>(`${base}/coworking/${uuid}/opening-hour`, {
      method: 'POST',
      body: { hours },
    }).then(unwrap),
  );
}

export const useSaveAddress = () =>
  useSupplyMutation(({ uuid, body }: { uuid?: string; body: AddressInput & { clinic_uuid?: string } }) =>
    api<Data<Address>>(uuid ? `/address/${uuid}` : '/address', { method: uuid ? 'PUT' : 'POST', body }).then(
      unwrap,
    ),
  );

export const useSaveContact = () =>
  useSupplyMutation(({ uuid, body }: { uuid?: string; body: ContactBody }) =>
    api<Data<Contact>>(uuid ? `/contact/${uuid}` : '/contact', { method: uuid ? 'PUT' : 'POST', body }).then(
      unwrap,
    ),
  );

export function useSaveRoom() {
  const base = usePartnerPath();
  return useSupplyMutation(({ clinic, uuid, body }: { clinic: string; uuid?: string; body: RoomBody }) =>
    api<Data<Room>>(uuid ? `${base}/coworking/${clinic}/room/${uuid}` : `${base}/coworking/${clinic}/room`, {
      method: uuid ? 'PUT' : 'POST',
      body,
    }).then(unwrap),
  );
}

export function useDeleteRoom() {
  const base = usePartnerPath();
  return useSupplyMutation(({ clinic, uuid }: { clinic: string; uuid: string }) =>
    api<void>(`${base}/coworking/${clinic}/room/${uuid}`, { method: 'DELETE' }),
  );
}

/** Publishes the room, or takes it back to a draft (decision 0038); the public pages change too. */
export function usePublishRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, publish }: { uuid: string; publish: boolean }) =>
      api<Data<Room>>(`/partner/room/${uuid}/${publish ? 'publish' : 'unpublish'}`, { method: 'POST' }).then(
        unwrap,
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['partner'] }),
        queryClient.invalidateQueries({ queryKey: ['rooms'] }),
      ]),
  });
}

export const useSaveRoomHours = () =>
  useSupplyMutation(({ uuid, hours }: { uuid: string; hours: HourRange[] }) =>
    api<Data<HourRange[]>>(`/partner/operatinghour/${uuid}`, { method: 'POST', body: { hours } }).then(
      unwrap,
    ),
  );

export const useToggleFacility = () =>
  useSupplyMutation(({ room, facility, on }: { room: string; facility: string; on: boolean }) =>
    api<Data<Room>>(`/partner/room/${room}/facility/${facility}`, { method: on ? 'POST' : 'DELETE' }).then(
      unwrap,
    ),
  );

/**
 * POST /api/partner/bulkblocking. Over held hours without `on_conflict` (DESIGN §9) nothing is
 * blocked: the 409's body lists the bookings in the way (`errorBody` with `blockConflictResponse`).
 */
export function useBlockRooms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkBlockingBody) =>
      api<Data<Block[]>>('/partner/bulkblocking', { method: 'POST', body }).then(unwrap),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['partner'] }),
        // "cancel" cancels bookings: the agenda changes too.
        queryClient.invalidateQueries({ queryKey: ['agenda'] }),
      ]),
  });
}

export const useDeleteBlock = () =>
  useSupplyMutation((uuid: string) =>
    api<void>(`/partner/deleteblockedschedule/${uuid}`, { method: 'DELETE' }),
  );

export { uploadPhotos } from '#web/lib/upload.ts';

export const useDeletePhoto = () =>
  useSupplyMutation(({ type, uuid }: { type: 'clinic' | 'room'; uuid: string }) =>
    api<void>(`/photo/${type}/${uuid}`, { method: 'DELETE' }),
  );

export const useMakeCover = () =>
  useSupplyMutation((uuid: string) =>
    api<Data<Photo[]>>(`/photo/${uuid}/cover`, { method: 'PUT' }).then(unwrap),
  );

export function useClinicRules(uuid: string | undefined) {
  const base = usePartnerPath();
  return useQuery({
    queryKey: ['partner', 'clinics', uuid, 'rules'],
    queryFn: () => api<Data<BookingRules>>(`${base}/coworking/${uuid}/booking-rules`).then(unwrap),
    enabled: Boolean(uuid),
  });
}

export function useSaveClinicRules() {
  const base = usePartnerPath();
  return useSupplyMutation(({ uuid, rules }: { uuid: string; rules: BookingRules }) =>
    api<Data<BookingRules>>(`${base}/coworking/${uuid}/booking-rules`, { method: 'PUT', body: rules }).then(
      unwrap,
    ),
  );
}

export function useRoomRules(uuid: string | undefined) {
  return useQuery({
    queryKey: ['partner', 'rooms', uuid, 'rules'],
    queryFn: () => api<Data<RoomRules>>(`/partner/room/${uuid}/booking-rules`).then(unwrap),
    enabled: Boolean(uuid),
  });
}

const inherit = {
  slot_minutes: null,
  min_booking_minutes: null,
  buffer_minutes: null,
  max_days_ahead: null,
  min_notice_minutes: null,
};

/** Saves a room's own rules, or (`null`) makes it follow its clinic's. */
export const useSaveRoomRules = () =>
  useSupplyMutation(({ uuid, rules }: { uuid: string; rules: BookingRules | null }) =>
    api<Data<RoomRules>>(`/partner/room/${uuid}/booking-rules`, {
      method: 'PUT',
      body: rules ?? inherit,
    }).then(unwrap),
  );
