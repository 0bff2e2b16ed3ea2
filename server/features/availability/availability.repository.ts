import { and, eq, gt, gte, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  appointments,
  blockedSchedules,
  clinicOpeningHours,
  clinics,
  roomOperatingHours,
  rooms,
  slotHoldingStatuses,
} from '../../db/schema.ts';
import { bookableRoomCondition } from '../rooms/room.repository.ts';

export interface RoomRef {
  roomId: number;
  clinicId: number;
}

/** A room open to availability and booking: active, of an active partner. */
export async function findBookableRoom(db: Executor, uuid: string) {
  const rows = await db
    .select({ roomId: rooms.id, clinicId: clinics.id, timezone: clinics.timezone })
    .from(rooms)
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(and(eq(rooms.uuid, uuid), bookableRoomCondition()))
    .limit(1);
  return rows[0];
}

/** Operating hours of the rooms and opening hours of their clinics. */
export async function hoursOf(db: Executor, refs: RoomRef[]) {
  if (refs.length === 0) return { roomHours: [], clinicHours: [] };
  const [roomHours, clinicHours] = await Promise.all([
    db
      .select()
      .from(roomOperatingHours)
      .where(
        inArray(
          roomOperatingHours.roomId,
          refs.map((r) => r.roomId),
        ),
      ),
    db
      .select()
      .from(clinicOpeningHours)
      .where(inArray(clinicOpeningHours.clinicId, [...new Set(refs.map((r) => r.clinicId))])),
  ]);
  return { roomHours, clinicHours };
}

/** Everything the slot computation needs for the rooms over [from, to), four queries in all. */
export async function slotData(db: Executor, refs: RoomRef[], from: Date, to: Date) {
  if (refs.length === 0) return { roomHours: [], clinicHours: [], blocks: [], held: [] };
  const roomIds = refs.map((r) => r.roomId);
  const [hours, blocks, held] = await Promise.all([
    hoursOf(db, refs),
    db
      .select({
        roomId: blockedSchedules.roomId,
        startsAt: blockedSchedules.startsAt,
        endsAt: blockedSchedules.endsAt,
      })
      .from(blockedSchedules)
      .where(
        and(
          inArray(blockedSchedules.roomId, roomIds),
          lt(blockedSchedules.startsAt, to),
          gt(blockedSchedules.endsAt, from),
        ),
      ),
    db
      .select({ roomId: appointments.roomId, startsAt: appointments.startsAt })
      .from(appointments)
      .where(
        and(
          inArray(appointments.roomId, roomIds),
          inArray(appointments.status, [...slotHoldingStatuses]),
          gte(appointments.startsAt, from),
          lt(appointments.startsAt, to),
        ),
      ),
  ]);
  return { ...hours, blocks, held };
}
