import { and, gt, gte, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  appointments,
  blockedSchedules,
  clinicOpeningHours,
  roomOperatingHours,
  slotHoldingStatuses,
} from '../../db/schema.ts';

/** Hours, blocks and held slots of many rooms over [from, to), four queries in all. */
export async function manyRoomsSlotData(
  db: Executor,
  rooms: { roomId: number; clinicId: number }[],
  from: Date,
  to: Date,
) {
  const roomIds = rooms.map((r) => r.roomId);
  const clinicIds = [...new Set(rooms.map((r) => r.clinicId))];
  if (roomIds.length === 0) return { roomHours: [], clinicHours: [], blocks: [], held: [] };
  const [roomHours, clinicHours, blocks, held] = await Promise.all([
    db.select().from(roomOperatingHours).where(inArray(roomOperatingHours.roomId, roomIds)),
    db.select().from(clinicOpeningHours).where(inArray(clinicOpeningHours.clinicId, clinicIds)),
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
  return { roomHours, clinicHours, blocks, held };
}
