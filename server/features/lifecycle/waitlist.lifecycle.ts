/**
 * The waitlist's side of the lifecycle (decision 0025): whenever held time is given back — a
 * cancellation, an expired hold, a dropped week — the first person waiting for that time gets it
 * held for 15 minutes (a booking of theirs awaiting payment, told with the link to pay); when
 * that hold passes unpaid the hold job expires it, which gives the time back again, to the next.
 */
import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { bufferAfter, minimumStretch, stretchesOf } from '#common/domain/booking-rules';
import { slotPriceCents } from '#common/money';
import { zonedDate } from '#common/time/zone';
import type { Tx } from '../../db/client.ts';
import { clinics, rooms, users, waitlistEntries } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import { roomAvailability } from '../availability/availability.service.ts';
import { notify } from '../notifications/notify.service.ts';
import { insertHold, isSlotConflict } from './lifecycle.repository.ts';

/** Offering time: the waitlist's rows, the clock, the provider's name on the hold, and the outbox. */
type OfferDeps = Pick<Services, 'db' | 'clock' | 'payments' | 'mailer' | 'config'>;

/** How long a freed time stays held for the person it is offered to. */
export const WAITLIST_OFFER_MINUTES = 15;

export interface ReleasedTime {
  roomId: number;
  startsAt: Date;
  endsAt: Date;
}

/** Offers nobody paid in time: those people's turns end (the hold job expired their bookings). */
export async function expireOffers(tx: Tx, bookingIds: number[], now: Date): Promise<void> {
  if (bookingIds.length === 0) return;
  await tx
    .update(waitlistEntries)
    .set({ status: 'expired', updatedAt: now })
    .where(and(inArray(waitlistEntries.offerBookingId, bookingIds), eq(waitlistEntries.status, 'offered')));
}

/** Offers the released time to the people waiting for it, first come first served, room by room. */
export async function offerReleased(s: OfferDeps, released: ReleasedTime[]): Promise<number> {
  let offers = 0;
  for (const roomId of new Set(released.map((r) => r.roomId))) {
    const mine = released.filter((r) => r.roomId === roomId);
    const from = new Date(Math.min(...mine.map((r) => r.startsAt.getTime())));
    const to = new Date(Math.max(...mine.map((r) => r.endsAt.getTime())));
    // Only people who can still book: an account suspended or erased is never offered time.
    const waiting = await s.db
      .select({ entry: waitlistEntries })
      .from(waitlistEntries)
      .innerJoin(users, eq(users.id, waitlistEntries.customerId))
      .where(
        and(
          eq(waitlistEntries.roomId, roomId),
          eq(waitlistEntries.status, 'waiting'),
          lt(waitlistEntries.startsAt, to),
          gt(waitlistEntries.endsAt, from),
          eq(users.active, true),
          isNull(users.deletedAt),
        ),
      )
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
    for (const { entry } of waiting) if (await offerTo(s, entry, mine)) offers++;
  }
  if (offers) s.mailer.kick();
  return offers;
}

type Entry = typeof waitlistEntries.$inferSelect;

/**
 * Holds for `entry`'s person the first stretch of released time inside what they wait for that is
 * still available and as long as the room's minimum; false when there is none (they keep waiting).
 */
async function offerTo(s: OfferDeps, entry: Entry, released: ReleasedTime[]): Promise<boolean> {
  const [place] = await s.db
    .select({ room: rooms, timezone: clinics.timezone })
    .from(rooms)
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(eq(rooms.id, entry.roomId));
  if (!place) return false;
  const windows = released
    .map((r) => ({
      from: Math.max(r.startsAt.getTime(), entry.startsAt.getTime()),
      to: Math.min(r.endsAt.getTime(), entry.endsAt.getTime()),
    }))
    .filter((w) => w.from < w.to);
  if (windows.length === 0) return false;
  const dates = [
    ...new Set(windows.flatMap((w) => [w.from, w.to - 1].map((t) => zonedDate(new Date(t), place.timezone)))),
  ];
  const availability = await roomAvailability(s, place.room.uuid, dates).catch(() => undefined);
  if (!availability) return false;
  const { rules, days } = availability;
  const step = rules.slot_minutes * 60_000;
  const starts = days
    .flatMap((d) => d.slots.filter((x) => x.available).map((x) => Date.parse(x.date_time)))
    .filter((t) => windows.some((w) => t >= w.from && t + step <= w.to));
  const stretch = stretchesOf(starts, rules.slot_minutes).find(
    (x) => x.end - x.start >= minimumStretch(rules) * 60_000,
  );
  if (!stretch) return false;
  const slots: number[] = [];
  for (let t = stretch.start; t < stretch.end; t += step) slots.push(t);
  const price = slotPriceCents(place.room.pricePerMinute, rules.slot_minutes);
  const buffer = bufferAfter(slots, rules);
  const now = s.clock();
  const until = new Date(now.getTime() + WAITLIST_OFFER_MINUTES * 60_000);
  try {
    return await s.db.transaction(async (tx) => {
      // The person's row before their entry, in the order a deletion or suspension takes them:
      // suspended or erased since the list was read, their place ended with the account.
      const [person] = await tx
        .select({ active: users.active, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, entry.customerId))
        .for('share');
      if (!person?.active || person.deletedAt) return false;
      const [still] = await tx
        .select({ id: waitlistEntries.id })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, 'waiting')))
        .for('update', { skipLocked: true });
      if (!still) return false;
      // The person picks card or Pix when paying (POST /api/customer/waitlist/{uuid}/claim).
      const held = await insertHold(tx, {
        customerId: entry.customerId,
        roomId: entry.roomId,
        method: 'card',
        provider: s.payments.name,
        holdExpiresAt: until,
        starts: slots,
        slotMs: step,
        priceCents: price,
        buffer,
        now,
      });
      await tx
        .update(waitlistEntries)
        .set({ status: 'offered', offerBookingId: held.bookingId, offerExpiresAt: until, updatedAt: now })
        .where(eq(waitlistEntries.id, entry.id));
      await notify(s, tx, [{ kind: 'waitlist_offer', entryId: entry.id }]);
      return true;
    });
  } catch (err) {
    // Taken meanwhile by someone booking it directly: this person keeps waiting.
    if (isSlotConflict(err)) return false;
    throw err;
  }
}

/** An entry's offer was paid (or its payment opened): the person's wait is over. */
export async function markOfferClaimed(s: Pick<Services, 'db' | 'clock'>, entryId: number): Promise<void> {
  await s.db
    .update(waitlistEntries)
    .set({ status: 'booked', updatedAt: s.clock() })
    .where(and(eq(waitlistEntries.id, entryId), sql`${waitlistEntries.status} = 'offered'`));
}

/**
 * An offer's booking was confirmed by a charge found later (the claim's process died after the
 * capture, payments/reconcile.service.ts): the person's wait is over too.
 */
export async function markOfferPaid(s: Pick<Services, 'db' | 'clock'>, bookingId: number): Promise<void> {
  await s.db
    .update(waitlistEntries)
    .set({ status: 'booked', updatedAt: s.clock() })
    .where(and(eq(waitlistEntries.offerBookingId, bookingId), eq(waitlistEntries.status, 'offered')));
}
