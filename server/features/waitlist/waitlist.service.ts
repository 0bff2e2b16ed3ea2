/**
 * The waitlist (decision 0025): a specialist asks to be told when a taken time of a room (one slot,
 * or any time of a day's range) frees up; the lifecycle offers freed time to the first in line
 * (waitlist.lifecycle.ts); here the person joins, sees, leaves and pays an offer.
 */
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type WaitlistEntry,
  type waitlistBody,
  type waitlistClaimBody,
  waitlistMessages,
} from '#common/contracts/waitlist';
import { AppError } from '#common/errors';
import { addDays, toZonedIso, zonedInstant } from '#common/time/zone';
import { appointments, bookings, clinics, payments, rooms, waitlistEntries } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import { holdActivePerson, type UserRow } from '../auth/user.repository.ts';
import { bookableRoom, chargeNewBooking, chosenCard, getBooking } from '../bookings/booking.service.ts';
import { assertMayBookAtAll } from '../bookings/booking-policy.ts';
import {
  cancelAppointment,
  payingAttemptEnded,
  paymentMethodChosen,
} from '../lifecycle/lifecycle.service.ts';
import { markOfferClaimed } from '../lifecycle/waitlist.lifecycle.ts';

const MAX_WAITING = 10;
const notFound = () => new AppError('not_found', waitlistMessages.notFound);

export async function joinWaitlist(s: Services, user: UserRow, body: z.output<typeof waitlistBody>) {
  await assertMayBookAtAll(s, user);
  const { room, clinic } = await bookableRoom(s, body.room_uuid);
  const startsAt = zonedInstant(body.date, body.from, clinic.timezone);
  const endsAt =
    body.to === '24:00'
      ? zonedInstant(addDays(body.date, 1), '00:00', clinic.timezone)
      : zonedInstant(body.date, body.to, clinic.timezone);
  const now = s.clock();
  if (endsAt <= now)
    throw new AppError('validation', waitlistMessages.past, { errors: { from: [waitlistMessages.past] } });
  const row = await s.db.transaction(async (tx) => {
    // One at a time per person (the limit holds when requests arrive together), and never for an
    // account a deletion or suspension is ending.
    await holdActivePerson(tx, user.id, 'update');
    const [open] = await tx
      .select({ n: count() })
      .from(waitlistEntries)
      .where(
        and(eq(waitlistEntries.customerId, user.id), inArray(waitlistEntries.status, ['waiting', 'offered'])),
      );
    if ((open?.n ?? 0) >= MAX_WAITING) throw new AppError('validation', waitlistMessages.tooMany);
    const [inserted] = await tx
      .insert(waitlistEntries)
      .values({ customerId: user.id, roomId: room.id, startsAt, endsAt, createdAt: now, updatedAt: now })
      .returning();
    return inserted;
  });
  return (await entriesOf(s, user, [row!.id]))[0]!;
}

export async function myWaitlist(s: Services, user: UserRow): Promise<WaitlistEntry[]> {
  return entriesOf(s, user);
}

async function ownEntry(s: Services, user: UserRow, uuid: string) {
  const [row] = await s.db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.uuid, uuid), eq(waitlistEntries.customerId, user.id)));
  if (!row) throw notFound();
  return row;
}

/** Leaves the line; a time held for the person goes back at once (and on to the next in line). */
export async function leaveWaitlist(s: Services, user: UserRow, uuid: string): Promise<void> {
  const entry = await ownEntry(s, user, uuid);
  if (entry.status !== 'waiting' && entry.status !== 'offered') return;
  await s.db
    .update(waitlistEntries)
    .set({ status: 'left', updatedAt: s.clock() })
    .where(eq(waitlistEntries.id, entry.id));
  if (entry.status === 'offered' && entry.offerBookingId) {
    const [held] = await s.db
      .select({ id: appointments.id, bookingStatus: bookings.status })
      .from(appointments)
      .innerJoin(bookings, eq(bookings.id, appointments.bookingId))
      .where(eq(appointments.bookingId, entry.offerBookingId))
      .limit(1);
    if (held?.bookingStatus === 'pending_payment')
      await cancelAppointment(s, { kind: 'customer', userId: user.id }, entry.offerBookingId, held.id);
  }
}

/** Pays the time held for the person: card (confirmed at once) or Pix (until the offer ends). */
export async function claimOffer(
  s: Services,
  user: UserRow,
  uuid: string,
  body: z.output<typeof waitlistClaimBody>,
) {
  const entry = await ownEntry(s, user, uuid);
  const now = s.clock();
  const [offer] = entry.offerBookingId
    ? await s.db
        .select({ booking: bookings, payment: payments, room: rooms, clinic: clinics })
        .from(bookings)
        .innerJoin(payments, eq(payments.bookingId, bookings.id))
        .innerJoin(rooms, eq(rooms.id, bookings.roomId))
        .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
        .where(eq(bookings.id, entry.offerBookingId))
    : [];
  if (
    entry.status !== 'offered' ||
    !offer ||
    offer.booking.status !== 'pending_payment' ||
    offer.payment.providerRef ||
    !offer.booking.holdExpiresAt ||
    offer.booking.holdExpiresAt <= now
  )
    throw new AppError('conflict', waitlistMessages.noOffer);
  const card = body.payment_method === 'card' ? await chosenCard(s, user, body.card_uuid) : undefined;
  const chosen = await paymentMethodChosen(s, offer.booking.id, {
    method: body.payment_method,
    cardId: card?.id ?? null,
  });
  if (chosen === 'over') throw new AppError('conflict', waitlistMessages.noOffer);
  if (chosen === 'busy') throw new AppError('conflict', waitlistMessages.paying);
  await chargeNewBooking(s, user, {
    bookingId: offer.booking.id,
    paymentUuid: offer.payment.uuid,
    idempotencyKey: `${offer.payment.uuid}-${chosen.attempt}`,
    amount: offer.booking.amountCents,
    method: body.payment_method,
    card,
    cardToken: body.card_token ?? undefined,
    installments: 1,
    holdExpiresAt: offer.booking.holdExpiresAt,
    description: `${offer.room.name} — ${offer.clinic.name} (lista de espera)`,
    // A declined card keeps the time held until the offer ends: another card or Pix may follow.
    onDeclined: () => payingAttemptEnded(s, offer.booking.id),
  });
  await markOfferClaimed(s, entry.id);
  return getBooking(s, offer.booking.id, offer.clinic.timezone);
}

async function entriesOf(s: Services, user: UserRow, ids?: number[]): Promise<WaitlistEntry[]> {
  const rows = await s.db
    .select({ entry: waitlistEntries, room: rooms, clinic: clinics })
    .from(waitlistEntries)
    .innerJoin(rooms, eq(rooms.id, waitlistEntries.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(and(eq(waitlistEntries.customerId, user.id), ids ? inArray(waitlistEntries.id, ids) : undefined))
    .orderBy(desc(waitlistEntries.createdAt), desc(waitlistEntries.id));
  const offerIds = rows.map((r) => r.entry.offerBookingId).filter((id): id is number => id !== null);
  const offered = offerIds.length
    ? await s.db
        .select({ booking: bookings, startsAt: appointments.startsAt })
        .from(bookings)
        .innerJoin(appointments, eq(appointments.bookingId, bookings.id))
        .where(inArray(bookings.id, offerIds))
        .orderBy(asc(appointments.startsAt))
    : [];
  return rows.map(({ entry, room, clinic }) => {
    const tz = clinic.timezone;
    const from = toZonedIso(entry.startsAt, tz);
    const to = toZonedIso(entry.endsAt, tz);
    const mine = offered.filter((o) => o.booking.id === entry.offerBookingId);
    const live = entry.status === 'offered' && mine[0]?.booking.status === 'pending_payment';
    return {
      uuid: entry.uuid,
      status: entry.status as WaitlistEntry['status'],
      room: { uuid: room.uuid, name: room.name, clinic: clinic.name },
      date: from.slice(0, 10),
      from: from.slice(11, 16),
      to: to.slice(0, 10) > from.slice(0, 10) ? '24:00' : to.slice(11, 16),
      offer:
        live && entry.offerExpiresAt
          ? {
              booking_uuid: mine[0]!.booking.uuid,
              date_times: mine.map((o) => toZonedIso(o.startsAt, tz)),
              expires_at: toZonedIso(entry.offerExpiresAt, tz),
              amount_cents: mine[0]!.booking.amountCents,
            }
          : null,
      created_at: toZonedIso(entry.createdAt, tz),
    };
  });
}
