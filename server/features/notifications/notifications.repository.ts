/**
 * SQL of the notifications: the event rows, and what a message reads to be written — always with
 * the transaction that wrote the event, so it sees the rows as the move left them.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import {
  addresses,
  appointments,
  bookings,
  clinics,
  type NotificationEventKind,
  notificationEvents,
  payments,
  refunds,
  rooms,
  users,
  waitlistEntries,
} from '../../db/schema.ts';
import type { DisputedPayment } from './mails/payment.mails.ts';
import type { ReviewInvitation } from './mails/review.mails.ts';
import type { WaitlistOffer } from './mails/waitlist.mails.ts';

/** Writes an event; answers its id (the messages it makes point at it). */
export async function insertEvent(
  db: Executor,
  kind: NotificationEventKind,
  payload: Record<string, unknown>,
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(notificationEvents)
    .values({ kind, payload, createdAt: now })
    .returning({ id: notificationEvents.id });
  return row!.id;
}

/** A booking with its room, clinic, address, customer, hours and payment (none for an outside booking). */
export async function bookingDetails(db: Executor, bookingId: number) {
  const [row] = await db
    .select({ booking: bookings, room: rooms, clinic: clinics, address: addresses, customer: users })
    .from(bookings)
    .innerJoin(rooms, eq(rooms.id, bookings.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .leftJoin(addresses, eq(addresses.id, clinics.addressId))
    .innerJoin(users, eq(users.id, bookings.customerId))
    .where(eq(bookings.id, bookingId));
  const items = await db
    .select()
    .from(appointments)
    .where(eq(appointments.bookingId, bookingId))
    .orderBy(appointments.startsAt);
  const [payment] = await db.select().from(payments).where(eq(payments.bookingId, bookingId));
  return { ...row!, items, payment: payment! };
}

/** The partner who owns a clinic: told of bookings in its rooms on WhatsApp, when it opted in. */
export async function partnerOf(db: Executor, partnerId: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, partnerId), isNull(users.deletedAt)));
  return row;
}

/** Every active owner and admin: who hears about money that needs a person. */
export function operators(db: Executor) {
  return db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(inArray(users.role, ['owner', 'admin']), eq(users.active, true), isNull(users.deletedAt)));
}

/** The booking's payment as the dispute mail tells it; undefined when the booking is gone. */
export async function disputedPayment(db: Executor, bookingId: number): Promise<DisputedPayment | undefined> {
  const [row] = await db
    .select({
      payment: payments,
      room: rooms.name,
      clinic: clinics.name,
      tz: clinics.timezone,
      customer: users,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(rooms, eq(rooms.id, bookings.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .innerJoin(users, eq(users.id, bookings.customerId))
    .where(eq(payments.bookingId, bookingId));
  return row;
}

/** A waitlist entry's offer: the time held for its person and what it costs. */
export async function waitlistOffer(db: Executor, entryId: number): Promise<WaitlistOffer | undefined> {
  const [row] = await db
    .select({ entry: waitlistEntries, booking: bookings, room: rooms, clinic: clinics, customer: users })
    .from(waitlistEntries)
    .innerJoin(bookings, eq(bookings.id, waitlistEntries.offerBookingId))
    .innerJoin(rooms, eq(rooms.id, waitlistEntries.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .innerJoin(users, eq(users.id, waitlistEntries.customerId))
    .where(eq(waitlistEntries.id, entryId));
  if (!row) return undefined;
  const hours = await db
    .select({ startsAt: appointments.startsAt, endsAt: appointments.endsAt })
    .from(appointments)
    .where(eq(appointments.bookingId, row.booking.id))
    .orderBy(appointments.startsAt);
  return hours.length ? { ...row, hours } : undefined;
}

/** A payout with its partner and how many statement lines it pays. */
export async function paidPayout(db: Executor, payoutId: number) {
  const [p] = await queryRows<{
    email: string;
    name: string;
    amount_cents: number;
    reference: string;
    lines: number;
  }>(
    db,
    sql`select u.email, u.name, po.amount_cents, po.reference,
               (select count(*) from payout_items i where i.payout_id = po.id)::int as lines
        from payouts po join users u on u.id = po.partner_id where po.id = ${payoutId}`,
  );
  return p;
}

/**
 * One person's hours of one day in one room (tomorrow's, or those starting soon), with what the
 * reminder says of the place and the booking of the first of them.
 */
export async function reminderHours(db: Executor, appointmentIds: number[]) {
  if (appointmentIds.length === 0) return undefined;
  const rows = await db
    .select({
      startsAt: appointments.startsAt,
      bookingUuid: bookings.uuid,
      customer: users,
      room: rooms,
      clinic: clinics,
      address: addresses,
    })
    .from(appointments)
    .innerJoin(bookings, eq(bookings.id, appointments.bookingId))
    .innerJoin(users, eq(users.id, appointments.customerId))
    .innerJoin(rooms, eq(rooms.id, appointments.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .leftJoin(addresses, eq(addresses.id, clinics.addressId))
    .where(inArray(appointments.id, appointmentIds))
    .orderBy(appointments.startsAt);
  const first = rows[0];
  return first && { ...first, starts: rows.map((r) => r.startsAt) };
}

/** Refunds as the operators' mail lists them, oldest first. */
export function refundsByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      uuid: refunds.uuid,
      amountCents: refunds.amountCents,
      lastError: refunds.lastError,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .where(inArray(refunds.id, ids))
    .orderBy(refunds.id);
}

/**
 * A finished booking as its review invitation tells it; undefined when there is no one to ask (the
 * booking was reviewed or canceled meanwhile, or its specialist's account was erased).
 */
export async function reviewInvitation(
  db: Executor,
  bookingId: number,
): Promise<ReviewInvitation | undefined> {
  const [row] = await db
    .select({
      booking: { uuid: bookings.uuid, status: bookings.status },
      room: { name: rooms.name },
      clinic: { name: clinics.name, timezone: clinics.timezone },
      customer: {
        id: users.id,
        name: users.name,
        email: users.email,
        whatsappPhone: users.whatsappPhone,
        whatsappOptedInAt: users.whatsappOptedInAt,
      },
      endedAt: sql<string | null>`(select max(a.ends_at) from appointments a
        where a.booking_id = ${bookings.id} and a.status in ('confirmed', 'completed'))`,
      reviewed: sql<boolean>`exists (select 1 from reviews v where v.booking_id = ${bookings.id})`,
    })
    .from(bookings)
    .innerJoin(rooms, eq(rooms.id, bookings.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .innerJoin(users, eq(users.id, bookings.customerId))
    .where(and(eq(bookings.id, bookingId), isNull(users.deletedAt)));
  if (!row || row.reviewed || row.booking.status !== 'confirmed' || !row.endedAt) return undefined;
  return { ...row, endedAt: new Date(row.endedAt) };
}
