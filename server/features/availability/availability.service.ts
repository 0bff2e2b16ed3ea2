/** Availability of a room (DESIGN §5): hours, blocks and held appointments turned into hourly slots. */
import type { Availability } from '#common/contracts/supply';
import { supplyMessages } from '#common/contracts/supply';
import { AppError } from '#common/errors';
import { addDays } from '#common/time/zone';
import type { Services } from '../../app.ts';
import { toHours } from '../supply.mappers.ts';
import * as repo from './availability.repository.ts';
import { slotsFor } from './slots.ts';

/** Local midnights of every zone fall within 14 hours of UTC's: a window that holds any clinic's day. */
const ZONE_SLACK = 14 * 3_600_000;

/**
 * Slots of each date (yyyy-MM-dd in the clinic's zone) in one statement: the window read is the
 * dates' UTC days widened by 14 hours on each side, which holds those days in any zone; the slot
 * rule then keeps exactly the day's hours.
 */
export async function availabilityFor(
  s: Services,
  roomUuid: string,
  dates: string[],
): Promise<Availability[]> {
  const sorted = [...new Set(dates)].sort();
  const first = sorted[0] ?? '2000-01-01';
  const last = sorted.at(-1) ?? first;
  const data = await repo.roomSlotData(s.db, roomUuid, {
    from: new Date(Date.parse(`${first}T00:00:00Z`) - ZONE_SLACK),
    to: new Date(Date.parse(`${addDays(last, 1)}T00:00:00Z`) + ZONE_SLACK),
  });
  if (!data) throw new AppError('not_found', supplyMessages.notFound);
  if (sorted.length === 0) return [];
  const roomHours = toHours(data.roomHours);
  const clinicHours = toHours(data.clinicHours);
  const taken = new Set(data.held);
  const now = s.clock();
  return dates.map((date) => ({
    date,
    slots: slotsFor({
      date,
      timezone: data.timezone,
      roomHours,
      clinicHours,
      blocks: data.blocks,
      taken,
      now,
    }).map(({ date_time, available }) => ({ date_time, available })),
  }));
}
