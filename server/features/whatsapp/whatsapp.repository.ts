/** A person's WhatsApp consent and the messages WhatsApp delivered to the product's number. */
import { and, eq, isNotNull, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  bookings,
  clinics,
  partnerProfiles,
  rooms,
  specialistProfiles,
  users,
  whatsappInbound,
} from '../../db/schema.ts';
import type { UserRow } from '../auth/user.repository.ts';

/** The phone of the person's profile: a specialist's completeData, a partner's basic data. */
export async function profilePhoneOf(db: Executor, user: UserRow): Promise<string | null> {
  const table =
    user.role === 'partner' ? partnerProfiles : user.role === 'customer' ? specialistProfiles : null;
  if (!table) return null;
  const [row] = await db.select({ phone: table.phone }).from(table).where(eq(table.userId, user.id));
  return row?.phone ?? null;
}

export async function consentOf(db: Executor, userId: number) {
  const [row] = await db
    .select({ phone: users.whatsappPhone, at: users.whatsappOptedInAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Keeps the consented number and its time, or forgets both (`null`). */
export async function setConsent(
  db: Executor,
  userId: number,
  consent: { phone: string; at: Date } | null,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ whatsappPhone: consent?.phone ?? null, whatsappOptedInAt: consent?.at ?? null, updatedAt: now })
    .where(eq(users.id, userId));
}

/** Forgets the consent when the number it was given for is no longer `mobile` (the profile's). */
export async function dropConsentUnless(
  db: Executor,
  userId: number,
  mobile: string | undefined,
  now: Date,
): Promise<boolean> {
  const kept = users.whatsappPhone;
  const dropped = await db
    .update(users)
    .set({ whatsappPhone: null, whatsappOptedInAt: null, updatedAt: now })
    .where(and(eq(users.id, userId), isNotNull(kept), mobile === undefined ? undefined : ne(kept, mobile)))
    .returning({ id: users.id });
  return dropped.length > 0;
}

/** The people who consented for this number (active accounts). */
export function peopleWithNumber(db: Executor, phone: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.whatsappPhone, phone), eq(users.active, true)));
}

/**
 * Keeps a message WhatsApp delivered, once by its `wamid`: answers false when it was already kept
 * (Meta delivered the webhook again).
 */
export async function keepInbound(
  db: Executor,
  message: { wamid: string; from: string; payload: Record<string, unknown> },
  now: Date,
): Promise<boolean> {
  const kept = await db
    .insert(whatsappInbound)
    .values({ wamid: message.wamid, fromPhone: message.from, payload: message.payload, createdAt: now })
    .onConflictDoNothing({ target: whatsappInbound.wamid })
    .returning({ id: whatsappInbound.id });
  return kept.length > 0;
}

/** The booking `uuid` when one of these people is its customer, with that person. */
export async function bookingOfOneOf(db: Executor, uuid: string, people: UserRow[]) {
  const [row] = await db
    .select({ id: bookings.id, customerId: bookings.customerId })
    .from(bookings)
    .where(and(eq(bookings.uuid, uuid), or(...people.map((p) => eq(bookings.customerId, p.id)))));
  return row ? { bookingId: row.id, customer: people.find((p) => p.id === row.customerId)! } : undefined;
}

/** Lets a kept message go again: acting on it failed, and Meta's next delivery should act. */
export async function releaseInbound(db: Executor, wamid: string): Promise<void> {
  await db.delete(whatsappInbound).where(eq(whatsappInbound.wamid, wamid));
}

/** What the chat's answer names of a booking: its room and clinic, and whether it was paid for. */
export async function bookingPlace(db: Executor, bookingId: number) {
  const [row] = await db
    .select({ status: bookings.status, room: rooms.name, clinic: clinics.name })
    .from(bookings)
    .innerJoin(rooms, eq(rooms.id, bookings.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(eq(bookings.id, bookingId));
  return row!;
}
