import type { PartnerAppointment } from '#common/contracts/booking';
import { type AppointmentState, allowedMoves } from '#common/domain/lifecycle';

const HOUR_MS = 3_600_000;

/** The statuses the partner may move this appointment to now (DESIGN §8, common/domain/lifecycle). */
export function partnerMoves(
  a: Pick<PartnerAppointment, 'date_time' | 'status'>,
  now = new Date(),
): AppointmentState[] {
  const startsAt = new Date(a.date_time);
  return allowedMoves(a.status, 'partner', { startsAt, endsAt: new Date(startsAt.getTime() + HOUR_MS) }, now);
}
