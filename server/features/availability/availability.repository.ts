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

export async function findBookableRoom(db: Executor, uuid: string) {
  const rows = await db
    .select({ roomId: rooms.id, clinicId: clinics.id, timezone: clinics.timezone })
    .from(rooms)
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(and(eq(rooms.uuid, uuid), eq(rooms.active, true)))
    .limit(1);
  return rows[0];
}

/** Everything the slot computation needs for one room over [from, to). */
export async function slotData(
  db: Executor,
  room: { roomId: number; clinicId: number },
  from: Date,
  to: Date,
) {
  const [roomHours, clinicHours, blocks, held] = await Promise.all([
    db.select().from(roomOperatingHours).where(eq(roomOperatingHours.roomId, room.roomId)),
    db.select().from(clinicOpeningHours).where(eq(clinicOpeningHours.clinicId, room.clinicId)),
    db
      .select({ startsAt: blockedSchedules.startsAt, endsAt: blockedSchedules.endsAt })
      .from(blockedSchedules)
      .where(
        and(
          eq(blockedSchedules.roomId, room.roomId),
          lt(blockedSchedules.startsAt, to),
          gt(blockedSchedules.endsAt, from),
        ),
      ),
    db
      .select({ startsAt: appointments.startsAt })
      .from(appointments)
      .where(
        and(
          eq(appointments.roomId, room.roomId),
          inArray(appointments.status, [...slotHoldingStatuses]),
          gte(appointments.startsAt, from),
          lt(appointments.startsAt, to),
        ),
      ),
  ]);
  return { roomHours, clinicHours, blocks, held };
}
