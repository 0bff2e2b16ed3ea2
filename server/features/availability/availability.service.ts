/** Availability of a room (DESIGN §5): hours, blocks and held appointments turned into the slots of its grid and rules (decision 0023). */
import type { Availability } from '#common/contracts/supply';
import { supplyMessages } from '#common/contracts/supply';
import type { BookingRules } from '#common/domain/booking-rules';
import { AppError } from '#common/errors';
import { addDays } from '#common/time/zone';
import type { Services } from '../../services.ts';
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
  ownerId?: number,
): Promise<Availability[]> {
  return (await roomAvailability(s, roomUuid, dates, ownerId)).days;
}

/**
 * The room's rules and the slots of each date (one statement); 404 when the room is not bookable,
 * unless `ownerId` is the partner who owns it (a draft's preview, its own agenda; decision 0038).
 */
export async function roomAvailability(
  s: Pick<Services, 'db' | 'clock'>,
  roomUuid: string,
  dates: string[],
  ownerId?: number,
): Promise<{ rules: BookingRules; days: Availability[] }> {
  const sorted = [...new Set(dates)].sort();
  const first = sorted[0] ?? '2000-01-01';
  const last = sorted.at(-1) ?? first;
  const data = await repo.roomSlotData(
    s.db,
    roomUuid,
    {
      from: new Date(Date.parse(`${first}T00:00:00Z`) - ZONE_SLACK),
      to: new Date(Date.parse(`${addDays(last, 1)}T00:00:00Z`) + ZONE_SLACK),
    },
    ownerId,
  );
  if (!data) throw new AppError('not_found', supplyMessages.notFound);
  const roomHours = toHours(data.roomHours);
  const clinicHours = toHours(data.clinicHours);
  const now = s.clock();
  const days = dates.map((date) => ({
    date,
    slots: slotsFor({
      date,
      timezone: data.timezone,
      roomHours,
      clinicHours,
      blocks: data.blocks,
      held: data.held,
      now,
      rules: data.rules,
    }).map(({ date_time, available }) => ({ date_time, available })),
  }));
  return { rules: data.rules, days };
}
