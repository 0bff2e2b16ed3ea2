/**
 * A person who goes — their account deleted, or suspended by the operator — stops holding what
 * they were waiting for (DESIGN §9 "Edges"): their places in the waitlists end, their horários
 * fixos end, and the time held for them unpaid (an offer from a waitlist, the months of a series
 * not charged yet) is given back, to the next person in line once the transaction commits. It runs
 * in the caller's transaction, which holds the person's row: nothing new can be booked for them
 * meanwhile (holdActivePerson), and nothing ends unless the deletion or suspension commits.
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { appointments, bookings, series, waitlistEntries } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import { setChargeAt } from './lifecycle.repository.ts';
import { type ActorRef, cancelLocked, type Effects, onBooking } from './lifecycle.service.ts';

export interface EndedCommitments {
  waitlist: number;
  series: number;
}

export async function endCommitments(
  s: Pick<Services, 'clock'>,
  tx: Tx,
  fx: Effects,
  actor: ActorRef,
  personId: number,
): Promise<EndedCommitments> {
  const now = s.clock();
  const left = await tx
    .update(waitlistEntries)
    .set({ status: 'left', updatedAt: now })
    .where(
      and(eq(waitlistEntries.customerId, personId), inArray(waitlistEntries.status, ['waiting', 'offered'])),
    )
    .returning({ offerBookingId: waitlistEntries.offerBookingId });
  const ended = await tx
    .update(series)
    .set({ status: 'canceled', canceledAt: now, updatedAt: now })
    .where(and(eq(series.customerId, personId), eq(series.status, 'active')))
    .returning({ id: series.id });

  // The unpaid time held for them: offers, and the months of a series not paid yet.
  const offers = left.flatMap((e) => (e.offerBookingId === null ? [] : [e.offerBookingId]));
  const months = ended.length
    ? (
        await tx
          .select({ id: bookings.id })
          .from(bookings)
          .where(
            inArray(
              bookings.seriesId,
              ended.map((x) => x.id),
            ),
          )
      ).map((b) => b.id)
    : [];
  const unpaid = offers.length + months.length ? await unpaidHeld(tx, [...offers, ...months], now) : [];
  // Bookings in id order: two transactions that lock several never wait on each other in a circle.
  for (const bookingId of unpaid) {
    await onBooking(tx, bookingId, fx, async (tx, locked, fx) => {
      const first = locked.items.find((a) => a.status === 'pending_payment' && a.startsAt > now);
      if (!first || locked.booking.status !== 'pending_payment') return;
      // Quietly, as a series' unpaid month goes: it was never in the person's calendar.
      await cancelLocked(s, tx, locked, fx, actor, first.id, false);
      await setChargeAt(tx, bookingId, null);
    });
  }
  return { waitlist: left.length, series: ended.length };
}

/** Of these bookings, those still awaiting payment with hours to come, in id order. */
async function unpaidHeld(tx: Tx, ids: number[], now: Date): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ id: bookings.id })
    .from(bookings)
    .innerJoin(appointments, eq(appointments.bookingId, bookings.id))
    .where(
      and(
        inArray(bookings.id, ids),
        eq(bookings.status, 'pending_payment'),
        eq(appointments.status, 'pending_payment'),
        gt(appointments.startsAt, now),
      ),
    )
    .orderBy(asc(bookings.id));
  return rows.map((r) => r.id);
}
