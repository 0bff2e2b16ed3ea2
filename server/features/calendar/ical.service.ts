/**
 * The partner's private agenda feed: a secret URL that calendar apps subscribe to. Only the
 * secret's hash is stored, so the URL is shown once, when it is created; creating a new one
 * retires the old, and turning it off removes it. Events name the specialist, never their e-mail
 * (DESIGN §9 "Edges").
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { IcalFeed } from '#common/contracts/booking';
import { appointmentStatusLabels } from '#common/contracts/booking';
import { supplyMessages } from '#common/contracts/supply';
import { AppError } from '#common/errors';
import {
  addresses,
  appointments,
  bookings,
  clinics,
  partnerProfiles,
  rooms,
  users,
} from '../../db/schema.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { appointmentUid, icsCalendar } from '../../lib/ics.ts';
import type { Services } from '../../services.ts';
import type { UserRow } from '../auth/user.repository.ts';
import { clinicLocation } from '../notifications/mails/booking.mails.ts';

/**
 * The feed covers the last 90 days and everything ahead (issue 32): calendar apps keep the events
 * they already fetched, so older ones need not travel again on every poll.
 */
export const FEED_PAST_DAYS = 90;
const FEED_STATUSES = ['confirmed', 'completed', 'no_show', 'canceled'] as const;
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export async function feedStatus(s: Services, partner: UserRow): Promise<IcalFeed> {
  const [row] = await s.db
    .select({ hash: partnerProfiles.icalTokenHash })
    .from(partnerProfiles)
    .where(eq(partnerProfiles.userId, partner.id));
  return { active: Boolean(row?.hash), url: null };
}

/** A new secret URL; any previous one stops working. */
export async function createFeed(s: Services, partner: UserRow): Promise<IcalFeed> {
  const token = randomToken(32);
  const now = s.clock();
  await s.db
    .insert(partnerProfiles)
    .values({ userId: partner.id, icalTokenHash: sha256(token), updatedAt: now })
    .onConflictDoUpdate({
      target: partnerProfiles.userId,
      set: { icalTokenHash: sha256(token), updatedAt: now },
    });
  return { active: true, url: `${s.config.publicUrl}/api/calendar/${token}.ics` };
}

export async function removeFeed(s: Services, partner: UserRow): Promise<IcalFeed> {
  await s.db
    .update(partnerProfiles)
    .set({ icalTokenHash: null, updatedAt: s.clock() })
    .where(eq(partnerProfiles.userId, partner.id));
  return { active: false, url: null };
}

/** The feed's calendar text, or 404 for a secret that names no active feed. */
export async function feedCalendar(s: Services, token: string): Promise<string> {
  const notFound = new AppError('not_found', supplyMessages.notFound);
  if (!FEED_TOKEN.test(token)) throw notFound;
  const [owner] = await s.db
    .select({ id: users.id, name: users.name })
    .from(partnerProfiles)
    .innerJoin(users, eq(users.id, partnerProfiles.userId))
    .where(and(eq(partnerProfiles.icalTokenHash, sha256(token)), eq(users.active, true)));
  if (!owner) throw notFound;
  const now = s.clock();
  const rows = await s.db
    // The specialist's name only: a feed may be shared or synced anywhere, never their e-mail.
    .select({
      a: appointments,
      room: rooms,
      clinic: clinics,
      address: addresses,
      // A booking recorded for someone off the platform carries that person's name.
      customerName: sql<string>`coalesce(${bookings.outsideName}, ${users.name})`,
    })
    .from(appointments)
    .innerJoin(rooms, eq(rooms.id, appointments.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .leftJoin(addresses, eq(addresses.id, clinics.addressId))
    .innerJoin(users, eq(users.id, appointments.customerId))
    .innerJoin(bookings, eq(bookings.id, appointments.bookingId))
    .where(
      and(
        eq(clinics.partnerId, owner.id),
        inArray(appointments.status, [...FEED_STATUSES]),
        gte(appointments.startsAt, new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000)),
      ),
    )
    .orderBy(appointments.startsAt)
    .limit(10_000);
  return icsCalendar(
    rows.map((r) => ({
      uid: appointmentUid(r.a.uuid, s.config.publicUrl),
      start: r.a.startsAt,
      end: r.a.endsAt,
      summary: `${r.room.name} — ${r.customerName}`,
      location: clinicLocation(r.clinic, r.address),
      description: `Especialista: ${r.customerName}\nSituação: ${appointmentStatusLabels[r.a.status]}`,
      cancelled: r.a.status === 'canceled',
      revisedAt: r.a.updatedAt,
    })),
    { now, name: `Salas — agenda de ${owner.name}` },
  );
}
