/**
 * Booking rules (decision 0023): a clinic's defaults and a room's own, each partner on its own
 * clinics and rooms (another partner's answer 404, through ownedClinic/ownedRoom).
 */
import type { z } from 'zod';
import type { clinicRulesBody, RoomRules, roomRulesBody } from '#common/contracts/booking-rules';
import { type BookingRules, effectiveRules, ruleProblems } from '#common/domain/booking-rules';
import { AppError } from '#common/errors';
import type { Services } from '../../services.ts';
import { ownedClinic } from '../clinics/clinic.service.ts';
import { ownedRoom } from '../rooms/room.service.ts';
import * as repo from './booking-rules.repository.ts';

export async function getClinicRules(
  s: Services,
  partnerId: number,
  clinicUuid: string,
): Promise<BookingRules> {
  return repo.clinicRules(await ownedClinic(s, partnerId, clinicUuid));
}

export async function setClinicRules(
  s: Services,
  partnerId: number,
  clinicUuid: string,
  body: z.output<typeof clinicRulesBody>,
): Promise<BookingRules> {
  const clinic = await ownedClinic(s, partnerId, clinicUuid);
  // Rooms with their own grid must still fit the clinic's new minimum, and the other way round.
  for (const room of await repo.roomsOwnRules(s.db, clinic.id)) {
    const problems = ruleProblems(effectiveRules(room, body));
    const first = Object.entries(problems)[0];
    if (first) {
      throw new AppError('validation', `Sala ${room.name}: ${first[1]}`, {
        errors: { [first[0]]: [`Sala ${room.name}: ${first[1]}`] },
      });
    }
  }
  await repo.updateClinicRules(s.db, clinic.id, body, s.clock());
  return body;
}

export async function getRoomRules(s: Services, partnerId: number, roomUuid: string): Promise<RoomRules> {
  const { room, clinic } = await ownedRoom(s, partnerId, roomUuid);
  const own = repo.roomOwnRules(room);
  const defaults = repo.clinicRules(clinic);
  return { own, clinic: defaults, effective: effectiveRules(own, defaults) };
}

export async function setRoomRules(
  s: Services,
  partnerId: number,
  roomUuid: string,
  body: z.output<typeof roomRulesBody>,
): Promise<RoomRules> {
  const { room, clinic } = await ownedRoom(s, partnerId, roomUuid);
  const defaults = repo.clinicRules(clinic);
  const effective = effectiveRules(body, defaults);
  const problems = ruleProblems(effective);
  if (Object.keys(problems).length > 0) {
    const errors = Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, [v]]));
    throw new AppError('validation', Object.values(problems)[0]!, { errors });
  }
  await repo.updateRoomRules(s.db, room.id, body, s.clock());
  return { own: body, clinic: defaults, effective };
}
