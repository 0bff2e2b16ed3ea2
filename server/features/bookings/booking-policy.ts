/**
 * Who may book, and how much (DESIGN §8). The booking service asks `assertMayBook` before it takes
 * any slot; the card service asks `assertCardAttemptsLeft` before it talks to the provider.
 *
 * Decisions:
 * - A customer (specialist) needs a verified e-mail and a completed profile (the completeData
 *   fields). A partner may book too (DESIGN §4) but has no specialist profile — completeData is a
 *   customer-only route — so a partner needs only a verified e-mail: the operator created the
 *   account with the partner's documents, and setting the password by the mailed link verifies it.
 *   Any other role is refused (the routes refuse them first).
 * - The 403 comes before anything else, so a person who may not book learns what to do first.
 * - Too far ahead and the Pix limits are 422 with the field to blame (`date_times`,
 *   `payment_method`); the card attempts are 429 (throttled, like the sign-in limits).
 * - Refused card attempts are counted in the shared fixed-window counters (throttle_counters), so
 *   "per hour" is an hour from the first refusal of the window, on every server process.
 */

import { isValidCpf } from '#common/br/documents';
import type { SpecialistProfile } from '#common/contracts/auth';
import { type BookingGateCode, bookingGateMessages, limitMessages, limits } from '#common/domain/limits';
import { AppError, messages } from '#common/errors';
import type { Executor } from '../../db/client.ts';
import type { Services } from '../../services.ts';
import type { UserRow } from '../auth/user.repository.ts';
import { exhausted, record, rules } from '../security/throttle.service.ts';
import { getProfile } from '../specialists/profile.service.ts';
import { openPixHolds } from './booking-policy.repository.ts';

const DAY_MS = 86_400_000;

export interface BookingRequest {
  method: 'card' | 'pix';
  /** Slot starts, ms since the epoch. */
  starts: number[];
}

/**
 * Whether the specialist's profile has every completeData field the booking gate asks for: CPF,
 * birth date, phone, council with number (and UF) and address.
 */
export function profileComplete(profile: SpecialistProfile | null | undefined): boolean {
  if (!profile) return false;
  const filled = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';
  return (
    isValidCpf(profile.cpf) &&
    filled(profile.birth_date) &&
    filled(profile.phone) &&
    filled(profile.council?.uuid) &&
    filled(profile.council_number) &&
    filled(profile.council_state) &&
    profile.address !== null
  );
}

const gate = (code: BookingGateCode) =>
  new AppError('forbidden', bookingGateMessages[code], { extra: { code } });

/** 403 `{ message, code }` unless this person may book at all. */
export async function assertMayBookAtAll(s: Services, user: UserRow): Promise<void> {
  if (user.role !== 'customer' && user.role !== 'partner')
    throw new AppError('forbidden', messages.forbidden);
  if (!user.emailVerifiedAt) throw gate('email_unverified');
  if (user.role === 'customer' && !profileComplete(await getProfile(s, user.id)))
    throw gate('profile_incomplete');
}

/** 422 when any slot starts more than `limits.maxDaysAhead` days from now. */
export function assertWithinReach(starts: number[], now: Date): void {
  const last = now.getTime() + limits.maxDaysAhead * DAY_MS;
  if (starts.some((start) => start > last)) {
    throw new AppError('validation', limitMessages.tooFarAhead, {
      errors: { date_times: [limitMessages.tooFarAhead] },
    });
  }
}

/** 422 when a new Pix booking of these hours would pass the open-bookings or held-hours limit. */
export async function assertPixLimits(
  db: Executor,
  user: UserRow,
  starts: number[],
  now: Date,
): Promise<void> {
  const open = await openPixHolds(db, user.id, now);
  if (open.bookings >= limits.maxOpenPixBookings) {
    throw new AppError('validation', limitMessages.openPix, {
      errors: { payment_method: [limitMessages.openPix] },
    });
  }
  if (open.hours + new Set(starts).size > limits.maxHeldUnpaidHours) {
    throw new AppError('validation', limitMessages.heldHours, {
      errors: { date_times: [limitMessages.heldHours] },
    });
  }
}

/**
 * Everything that decides whether this person may make this booking, in order: the 403 gate, how
 * far ahead, then the Pix limits or the card attempts. Pass the booking's transaction as `db` to
 * read the open Pix bookings in it (lock the person's row first to serialize their bookings).
 */
export async function assertMayBook(
  s: Services,
  user: UserRow,
  req: BookingRequest,
  db: Executor = s.db,
): Promise<void> {
  await assertMayBookAtAll(s, user);
  const now = s.clock();
  assertWithinReach(req.starts, now);
  if (req.method === 'pix') await assertPixLimits(db, user, req.starts, now);
  else await assertCardAttemptsLeft(s, user, db);
}

/** 429 when the person had `limits.maxRefusedCardAttemptsPerHour` refused card attempts this hour. */
export async function assertCardAttemptsLeft(s: Services, user: UserRow, db: Executor = s.db): Promise<void> {
  if (await exhausted(db, rules.cardRefusedPerUser, user.uuid, s.clock())) {
    throw new AppError('throttled', limitMessages.cardAttempts);
  }
}

/** Counts one refused card attempt (a card declined when saved or when charged). */
export async function recordRefusedCard(s: Services, user: UserRow, db: Executor = s.db): Promise<void> {
  await record(db, rules.cardRefusedPerUser, user.uuid, s.clock());
}
