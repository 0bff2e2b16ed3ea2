/** Rooms of a partner: CRUD, operating hours, facilities and blocked schedules (SPEC §7 Rooms). */
import type { z } from 'zod';
import type { Block, BulkBlockingBody, Facility, HourRange, Room, roomBody } from '#common/contracts/supply';
import { blockMessages, supplyMessages } from '#common/contracts/supply';
import { AppError } from '#common/errors';
import { hourPriceCents } from '#common/money';
import { toZonedIso } from '#common/time/zone';
import type { Services } from '../../services.ts';
import { notFound, ownedClinic } from '../clinics/clinic.service.ts';
import { cancelLocked, onBooking, transition } from '../lifecycle/lifecycle.service.ts';
import { deletePhotoFiles, photoKeysOf } from '../photos/photo.repository.ts';
import { toHours, toPhoto } from '../supply.mappers.ts';
import * as repo from './room.repository.ts';

export type RoomInput = z.output<typeof roomBody>;

export async function toRooms(s: Services, list: repo.RoomWithClinic[]): Promise<Room[]> {
  const d = await repo.roomDetails(
    s.db,
    list.map((r) => r.room.id),
  );
  return list.map(({ room, clinic }) => ({
    uuid: room.uuid,
    name: room.name,
    description: room.description,
    price_per_minute: room.pricePerMinute,
    hour_price_cents: hourPriceCents(room.pricePerMinute),
    active: room.active,
    fixed: room.fixed,
    clinic: { uuid: clinic.uuid, name: clinic.name, timezone: clinic.timezone },
    facilities: d.facilities.filter((f) => f.roomId === room.id).map(({ uuid, name }) => ({ uuid, name })),
    photos: d.photos.filter((p) => p.roomId === room.id).map(toPhoto),
    operating_hours: toHours(d.hours.filter((h) => h.roomId === room.id)),
  }));
}

export async function ownedRoom(s: Services, partnerId: number, uuid: string): Promise<repo.RoomWithClinic> {
  const found = await repo.findOwnedRoom(s.db, partnerId, uuid);
  if (!found) throw notFound();
  return found;
}

export async function getRoom(s: Services, partnerId: number, uuid: string): Promise<Room> {
  const [room] = await toRooms(s, [await ownedRoom(s, partnerId, uuid)]);
  return room!;
}

export async function listRooms(s: Services, partnerId: number, clinicUuid?: string): Promise<Room[]> {
  const clinic = clinicUuid ? await ownedClinic(s, partnerId, clinicUuid) : undefined;
  return toRooms(s, await repo.listPartnerRooms(s.db, partnerId, clinic?.id));
}

export async function createRoom(
  s: Services,
  partnerId: number,
  clinicUuid: string,
  body: RoomInput,
): Promise<Room> {
  const clinic = await ownedClinic(s, partnerId, clinicUuid);
  const room = await repo.insertRoom(s.db, {
    clinicId: clinic.id,
    name: body.name,
    description: body.description,
    pricePerMinute: body.price_per_minute,
    active: body.active,
  });
  return getRoom(s, partnerId, room.uuid);
}

/** A room reached through a clinic path must belong to that clinic too. */
async function roomInClinic(s: Services, partnerId: number, clinicUuid: string, roomUuid: string) {
  const found = await ownedRoom(s, partnerId, roomUuid);
  if (found.clinic.uuid !== clinicUuid) throw notFound();
  return found;
}

export async function updateRoom(
  s: Services,
  partnerId: number,
  clinicUuid: string,
  roomUuid: string,
  body: RoomInput,
): Promise<Room> {
  const { room } = await roomInClinic(s, partnerId, clinicUuid, roomUuid);
  await repo.updateRoom(
    s.db,
    room.id,
    {
      name: body.name,
      description: body.description,
      pricePerMinute: body.price_per_minute,
      active: body.active,
    },
    s.clock(),
  );
  return getRoom(s, partnerId, roomUuid);
}

/** SPEC §5/§8: not while it has pending appointments; a room with history is deactivated instead. */
export async function deleteRoom(
  s: Services,
  partnerId: number,
  clinicUuid: string,
  roomUuid: string,
): Promise<void> {
  const { room } = await roomInClinic(s, partnerId, clinicUuid, roomUuid);
  if ((await repo.countPendingAppointments(s.db, room.id, s.clock())) > 0) {
    throw new AppError('conflict', supplyMessages.roomDeleteFailed, {
      errors: { room: ['A sala tem agendamentos pendentes.'] },
    });
  }
  if ((await repo.countAppointments(s.db, room.id)) > 0) {
    throw new AppError('conflict', supplyMessages.roomDeleteFailed, {
      errors: { room: ['A sala tem histórico de agendamentos: desative-a em vez de excluir.'] },
    });
  }
  const keys = await photoKeysOf(s.db, { roomId: room.id });
  await repo.deleteRoom(s.db, room.id);
  await deletePhotoFiles(s.storage, keys);
}

/** Empty hours = the room follows its clinic's opening hours. */
export async function setRoomHours(
  s: Services,
  partnerId: number,
  roomUuid: string,
  hours: HourRange[],
): Promise<HourRange[]> {
  const { room } = await ownedRoom(s, partnerId, roomUuid);
  await s.db.transaction((tx) => repo.replaceRoomHours(tx, room.id, hours));
  return (await getRoom(s, partnerId, roomUuid)).operating_hours;
}

export async function listFacilities(s: Services): Promise<Facility[]> {
  return repo.listFacilities(s.db);
}

export async function setFacility(
  s: Services,
  partnerId: number,
  roomUuid: string,
  facilityUuid: string,
  attached: boolean,
): Promise<Room> {
  const { room } = await ownedRoom(s, partnerId, roomUuid);
  const facility = await repo.findFacility(s.db, facilityUuid);
  if (!facility) throw notFound();
  if (attached) await repo.attachFacility(s.db, room.id, facility.id);
  else await repo.detachFacility(s.db, room.id, facility.id);
  return getRoom(s, partnerId, roomUuid);
}

const toBlock = (
  b: { uuid: string; startsAt: Date; endsAt: Date; reason: string | null },
  roomUuid: string,
  timezone: string,
): Block => ({
  uuid: b.uuid,
  room_uuid: roomUuid,
  starts_at: toZonedIso(b.startsAt, timezone),
  ends_at: toZonedIso(b.endsAt, timezone),
  reason: b.reason,
});

/** Blocks one or many rooms for the same range, all or nothing. */
/**
 * Blocks hours of some rooms (DESIGN §9 "The partner's day"): never silently over held hours. With
 * bookings in the interval and no choice made, 409 lists them and nothing is blocked; `skip` blocks
 * only the free parts; `cancel` cancels those bookings as the partner (full refund, mails, through
 * the lifecycle) and blocks the whole interval. The rooms' rows are taken exclusively first, and
 * every new hold takes them shared (insertHold), so a booking arriving at once is either seen here
 * or refused there.
 */
export async function blockRooms(s: Services, partnerId: number, body: BulkBlockingBody): Promise<Block[]> {
  const uuids = [...new Set(body.room_uuid)];
  const found = await repo.findOwnedRooms(s.db, partnerId, uuids);
  if (found.length !== uuids.length) throw notFound();
  const startsAt = new Date(body.starts_at);
  const endsAt = new Date(body.ends_at);
  const roomIds = found.map((f) => f.room.id);
  const rows = await transition(s, async (tx, fx) => {
    await repo.lockRoomsForBlock(tx, roomIds);
    const held = await repo.heldBetween(tx, roomIds, startsAt, endsAt);
    if (held.length > 0 && !body.on_conflict) {
      const byId = new Map(found.map((f) => [f.room.id, f]));
      throw new AppError('conflict', blockMessages.conflicts(held.length), {
        extra: {
          code: 'conflicts',
          conflicts: held.map((a) => ({
            appointment_uuid: a.uuid,
            room_uuid: byId.get(a.roomId)!.room.uuid,
            date_time: toZonedIso(a.startsAt, byId.get(a.roomId)!.clinic.timezone),
          })),
        },
      });
    }
    const actor = { kind: 'partner' as const, userId: partnerId };
    if (body.on_conflict === 'cancel')
      for (const a of held)
        await onBooking(tx, a.bookingId, fx, (t2, locked, f2) =>
          cancelLocked(s, t2, locked, f2, actor, a.id),
        );
    const reason = body.reason ?? null;
    const pieces = found.flatMap(({ room }) =>
      (body.on_conflict === 'skip'
        ? freeParts(
            startsAt,
            endsAt,
            held.filter((a) => a.roomId === room.id),
          )
        : [{ from: startsAt, to: endsAt }]
      ).map((p) => ({ roomId: room.id, startsAt: p.from, endsAt: p.to, reason, createdBy: partnerId })),
    );
    return pieces.length ? repo.insertBlocks(tx, pieces) : [];
  });
  return rows.map((row) => {
    const owner = found.find((f) => f.room.id === row.roomId)!;
    return toBlock(row, owner.room.uuid, owner.clinic.timezone);
  });
}

/** [from, to) without the held hours in it, as the intervals left. */
function freeParts(from: Date, to: Date, held: { startsAt: Date; endsAt: Date }[]) {
  const parts: { from: Date; to: Date }[] = [];
  let cursor = from.getTime();
  for (const h of [...held].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())) {
    if (h.startsAt.getTime() > cursor) parts.push({ from: new Date(cursor), to: h.startsAt });
    cursor = Math.max(cursor, h.endsAt.getTime());
  }
  if (cursor < to.getTime()) parts.push({ from: new Date(cursor), to });
  return parts;
}

export async function listBlocks(s: Services, partnerId: number, roomUuid: string): Promise<Block[]> {
  const { room, clinic } = await ownedRoom(s, partnerId, roomUuid);
  return (await repo.listBlocks(s.db, room.id)).map((b) => toBlock(b, room.uuid, clinic.timezone));
}

export async function deleteBlock(s: Services, partnerId: number, blockUuid: string): Promise<void> {
  const found = await repo.findOwnedBlock(s.db, partnerId, blockUuid);
  if (!found) throw notFound();
  await repo.deleteBlock(s.db, found.block.id);
}
