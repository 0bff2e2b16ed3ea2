/** Rooms of a partner: CRUD, operating hours, facilities and blocked schedules (SPEC §7 Rooms). */
import type { z } from 'zod';
import type { Block, BulkBlockingBody, Facility, HourRange, Room, roomBody } from '#common/contracts/supply';
import { blockMessages, supplyMessages } from '#common/contracts/supply';
import {
  publishChecklist,
  publishItemLabels,
  publishMessages,
  publishMissingMessages,
} from '#common/domain/room-publishing';
import { AppError } from '#common/errors';
import { hourPriceCents } from '#common/money';
import { toZonedIso } from '#common/time/zone';
import type { Services } from '../../services.ts';
import { notFound, ownedClinic } from '../clinics/clinic.service.ts';
import { cancelLocked, onBooking, transition } from '../lifecycle/lifecycle.service.ts';
import { removeWithPhotos } from '../photos/photo.service.ts';
import { toHours, toPhoto } from '../supply.mappers.ts';
import * as repo from './room.repository.ts';

export type RoomInput = z.output<typeof roomBody>;

export async function toRooms(s: Services, list: repo.RoomWithClinic[]): Promise<Room[]> {
  const [d, context] = await Promise.all([
    repo.roomDetails(
      s.db,
      list.map((r) => r.room.id),
    ),
    repo.publishContext(
      s.db,
      [...new Set(list.map((r) => r.clinic.id))],
      [...new Set(list.map((r) => r.clinic.partnerId))],
    ),
  ]);
  return list.map(({ room, clinic }) => {
    const photos = d.photos.filter((p) => p.roomId === room.id).map(toPhoto);
    const hours = toHours(d.hours.filter((h) => h.roomId === room.id));
    const checklist = publishChecklist({
      photos: photos.length,
      hourRanges: hours.length || (context.clinicRanges.get(clinic.id) ?? 0),
      hourPriceCents: hourPriceCents(room.pricePerMinute),
      description: room.description,
      approval: context.approval.get(clinic.partnerId) ?? 'approved',
    });
    return {
      uuid: room.uuid,
      name: room.name,
      description: room.description,
      price_per_minute: room.pricePerMinute,
      hour_price_cents: hourPriceCents(room.pricePerMinute),
      active: room.active,
      fixed: room.fixed,
      clinic: { uuid: clinic.uuid, name: clinic.name, timezone: clinic.timezone },
      facilities: d.facilities.filter((f) => f.roomId === room.id).map(({ uuid, name }) => ({ uuid, name })),
      photos,
      operating_hours: hours,
      published: room.published,
      published_at: room.publishedAt ? toZonedIso(room.publishedAt, clinic.timezone) : null,
      checklist: checklist.map((c) => ({ ...c, label: publishItemLabels[c.item] })),
    };
  });
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
  const facilityIds = body.facilities ? await knownFacilities(s, body.facilities) : [];
  const room = await s.db.transaction(async (tx) => {
    const row = await repo.insertRoom(tx, {
      clinicId: clinic.id,
      name: body.name,
      description: body.description,
      pricePerMinute: body.price_per_minute,
      active: body.active,
      // A new room is a draft until its partner publishes it (decision 0038); the column's
      // default (true) is for the rooms made before drafts existed.
      published: false,
      publishedAt: null,
    });
    if (facilityIds.length) await repo.replaceFacilities(tx, row.id, facilityIds);
    return row;
  });
  return getRoom(s, partnerId, room.uuid);
}

/** The facilities' ids; an unknown one is refused (422) rather than dropped. */
async function knownFacilities(s: Services, uuids: string[]): Promise<number[]> {
  const unique = [...new Set(uuids)];
  const found = await repo.findFacilities(s.db, unique);
  if (found.length !== unique.length)
    throw new AppError('validation', 'Diferencial não encontrado.', {
      errors: { facilities: ['Diferencial não encontrado.'] },
    });
  return found.map((f) => f.id);
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
  const facilityIds = body.facilities ? await knownFacilities(s, body.facilities) : undefined;
  await s.db.transaction(async (tx) => {
    await repo.updateRoom(
      tx,
      room.id,
      {
        name: body.name,
        description: body.description,
        pricePerMinute: body.price_per_minute,
        active: body.active,
      },
      s.clock(),
    );
    if (facilityIds) await repo.replaceFacilities(tx, room.id, facilityIds);
  });
  return getRoom(s, partnerId, roomUuid);
}

/**
 * Publishes a draft (decision 0038): only with every item of its checklist done — a photo, opening
 * hours (its own or its clinic's), a price, a description — and a partner the operator approved.
 * 422 lists what is missing. Publishing a published room changes nothing.
 */
export async function publishRoom(s: Services, partnerId: number, roomUuid: string): Promise<Room> {
  const { room } = await ownedRoom(s, partnerId, roomUuid);
  const current = await getRoom(s, partnerId, roomUuid);
  if (current.published) return current;
  const missing = current.checklist.filter((c) => !c.done);
  if (missing.length) {
    const approval = missing.find((c) => c.item === 'approval');
    const list = missing.map((c) => ({ item: c.item, message: publishMissingMessages[c.item] }));
    const rejected = approval && (await repo.partnerApproval(s.db, partnerId)) === 'rejected';
    throw new AppError(
      'validation',
      approval
        ? rejected
          ? publishMessages.rejected
          : publishMessages.pending
        : publishMessages.incomplete(list.map((m) => m.message)),
      {
        errors: Object.fromEntries(list.map((m) => [m.item, [m.message]])),
        extra: { code: approval ? 'partner_not_approved' : 'room_incomplete', missing: list },
      },
    );
  }
  await repo.setPublished(s.db, room.id, true, s.clock());
  return getRoom(s, partnerId, roomUuid);
}

/** Back to a draft: out of search, its page and booking at once; bookings already made stay. */
export async function unpublishRoom(s: Services, partnerId: number, roomUuid: string): Promise<Room> {
  const { room } = await ownedRoom(s, partnerId, roomUuid);
  if (room.published) await repo.setPublished(s.db, room.id, false, s.clock());
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
  await removeWithPhotos(s, { roomId: room.id }, () => repo.deleteRoom(s.db, room.id));
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
            // The partner owns the room: it may see who holds the hour it wants to block.
            customer_name: a.customerName,
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
