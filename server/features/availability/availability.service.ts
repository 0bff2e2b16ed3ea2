/** Availability of a room (DESIGN §5): hours, blocks and held appointments turned into hourly slots. */
import type { Availability } from '#common/contracts/supply';
import { supplyMessages } from '#common/contracts/supply';
import { AppError } from '#common/errors';
import { addDays, zonedInstant } from '#common/time/zone';
import type { Services } from '../../app.ts';
import { toHours } from '../supply.mappers.ts';
import * as repo from './availability.repository.ts';
import { slotsFor } from './slots.ts';

/** Slots of each date (yyyy-MM-dd in the clinic's zone), with one round of queries. */
export async function availabilityFor(
  s: Services,
  roomUuid: string,
  dates: string[],
): Promise<Availability[]> {
  const room = await repo.findBookableRoom(s.db, roomUuid);
  if (!room) throw new AppError('not_found', supplyMessages.notFound);
  const sorted = [...new Set(dates)].sort();
  if (sorted.length === 0) return [];
  const from = zonedInstant(sorted[0]!, '00:00', room.timezone);
  const to = zonedInstant(addDays(sorted.at(-1)!, 1), '00:00', room.timezone);
  const data = await repo.slotData(s.db, [room], from, to);
  const roomHours = toHours(data.roomHours);
  const clinicHours = toHours(data.clinicHours);
  const taken = new Set(data.held.map((h) => h.startsAt.getTime()));
  const now = s.clock();
  return dates.map((date) => ({
    date,
    slots: slotsFor({
      date,
      timezone: room.timezone,
      roomHours,
      clinicHours,
      blocks: data.blocks,
      taken,
      now,
    }).map(({ date_time, available }) => ({ date_time, available })),
  }));
}
