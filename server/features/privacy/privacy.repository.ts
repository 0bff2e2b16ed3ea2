/**
 * SQL of LGPD self-service (DESIGN §8): everything held about one person, read for the export, and
 * the erasure of an account. Booking, appointment, payment and refund rows are only read here; their
 * statuses change in the lifecycle module alone (decision 0010).
 */
import { and, asc, count, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { brazilianMobile } from '#common/domain/phone';
import type { Executor, Tx } from '../../db/client.ts';
import {
  addresses,
  appointments,
  auditLog,
  authTokens,
  bookings,
  cards,
  clinics,
  councils,
  loginChallenges,
  mailOutbox,
  partnerBankAccounts,
  partnerPixKeys,
  partnerProfiles,
  passwordResets,
  payments,
  phoneContacts,
  photos,
  plans,
  refunds,
  rooms,
  series,
  specialistProfiles,
  throttleCounters,
  users,
  verificationCodes,
  waitlistEntries,
  whatsappInbound,
} from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
type AppointmentRow = typeof appointments.$inferSelect;

const OPERATOR_ROLES = ['owner', 'admin'] as const;
/** Hours still to come that hold their slot: what a deletion cancels or waits for. */
const FUTURE_HOLDING = ['pending_payment', 'confirmed'] as const;

// ------------------------------------------------------------------ the export

export async function specialistProfileOf(db: Executor, userId: number) {
  const rows = await db
    .select({ profile: specialistProfiles, council: { acronym: councils.acronym, name: councils.name } })
    .from(specialistProfiles)
    .innerJoin(councils, eq(councils.id, specialistProfiles.councilId))
    .where(eq(specialistProfiles.userId, userId))
    .limit(1);
  return rows[0];
}

export const addressesOf = (db: Executor, userId: number) =>
  db.select().from(addresses).where(eq(addresses.ownerId, userId)).orderBy(asc(addresses.id));

export const phoneContactsOf = (db: Executor, userId: number) =>
  db
    .select({ contact: phoneContacts, clinicUuid: clinics.uuid })
    .from(phoneContacts)
    .leftJoin(clinics, eq(clinics.id, phoneContacts.clinicId))
    .where(eq(phoneContacts.ownerId, userId))
    .orderBy(asc(phoneContacts.id));

/** Saved cards without the provider's token. */
export const cardsOf = (db: Executor, userId: number) =>
  db
    .select({
      uuid: cards.uuid,
      brand: cards.brand,
      last4: cards.last4,
      expMonth: cards.expMonth,
      expYear: cards.expYear,
      holderName: cards.holderName,
      isDefault: cards.isDefault,
      createdAt: cards.createdAt,
    })
    .from(cards)
    .where(eq(cards.userId, userId))
    .orderBy(asc(cards.id));

/** The person's own bookings (as the one who booked) with room, clinic, payment, hours and refunds. */
export async function bookingsOf(db: Executor, userId: number) {
  const list = await db
    .select({
      booking: bookings,
      room: { uuid: rooms.uuid, name: rooms.name },
      clinic: { uuid: clinics.uuid, name: clinics.name, timezone: clinics.timezone },
      payment: {
        id: payments.id,
        uuid: payments.uuid,
        method: payments.method,
        status: payments.status,
        amountCents: payments.amountCents,
        refundedCents: payments.refundedCents,
        paidAt: payments.paidAt,
        createdAt: payments.createdAt,
      },
    })
    .from(bookings)
    .innerJoin(rooms, eq(rooms.id, bookings.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .where(eq(bookings.customerId, userId))
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
  const bookingIds = list.map((b) => b.booking.id);
  const paymentIds = list.flatMap((b) => (b.payment ? [b.payment.id] : []));
  const [hours, refundRows] = await Promise.all([
    bookingIds.length
      ? db
          .select()
          .from(appointments)
          .where(inArray(appointments.bookingId, bookingIds))
          .orderBy(asc(appointments.startsAt))
      : ([] as AppointmentRow[]),
    paymentIds.length
      ? db.select().from(refunds).where(inArray(refunds.paymentId, paymentIds)).orderBy(asc(refunds.id))
      : ([] as (typeof refunds.$inferSelect)[]),
  ]);
  return { list, hours, refunds: refundRows };
}

export const sessionsOf = (db: Executor, userId: number) =>
  db
    .select({
      createdAt: authTokens.createdAt,
      lastUsedAt: authTokens.lastUsedAt,
      revokedAt: authTokens.revokedAt,
      ip: authTokens.ip,
      userAgent: authTokens.userAgent,
    })
    .from(authTokens)
    .where(eq(authTokens.userId, userId))
    .orderBy(asc(authTokens.createdAt));

/** Audit entries about the person (operators' actions on their data); the operator by role only. */
export const auditEntriesAbout = (db: Executor, userId: number) =>
  db
    .select({
      action: auditLog.action,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      actorRole: users.role,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(eq(auditLog.targetUserId, userId))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));

export async function partnerProfileOf(db: Executor, userId: number) {
  const rows = await db
    .select({
      profile: partnerProfiles,
      plan: { name: plans.name, commissionPercent: plans.commissionPercent },
    })
    .from(partnerProfiles)
    .leftJoin(plans, eq(plans.id, partnerProfiles.planId))
    .where(eq(partnerProfiles.userId, userId))
    .limit(1);
  return rows[0];
}

export async function bankDataOf(db: Executor, userId: number) {
  const [bank] = await db.select().from(partnerBankAccounts).where(eq(partnerBankAccounts.userId, userId));
  const [pix] = await db.select().from(partnerPixKeys).where(eq(partnerPixKeys.userId, userId));
  return { bank, pix };
}

/** A partner's clinics (with their address) and rooms. */
export async function clinicsAndRoomsOf(db: Executor, partnerId: number) {
  const clinicRows = await db
    .select({ clinic: clinics, address: addresses })
    .from(clinics)
    .leftJoin(addresses, eq(addresses.id, clinics.addressId))
    .where(eq(clinics.partnerId, partnerId))
    .orderBy(asc(clinics.createdAt), asc(clinics.id));
  const ids = clinicRows.map((c) => c.clinic.id);
  const roomRows = ids.length
    ? await db.select().from(rooms).where(inArray(rooms.clinicId, ids)).orderBy(asc(rooms.createdAt))
    : [];
  return { clinics: clinicRows, rooms: roomRows };
}

/**
 * The person's photos: their profile photo and, for a partner, the photos of their clinics and
 * rooms — with the uuid of what each shows.
 */
export async function photosOf(db: Executor, userId: number) {
  const roomClinics = db
    .select({ id: rooms.id })
    .from(rooms)
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(eq(clinics.partnerId, userId));
  const ownClinics = db.select({ id: clinics.id }).from(clinics).where(eq(clinics.partnerId, userId));
  return db
    .select({
      photo: photos,
      clinicUuid: clinics.uuid,
      roomUuid: rooms.uuid,
    })
    .from(photos)
    .leftJoin(clinics, eq(clinics.id, photos.clinicId))
    .leftJoin(rooms, eq(rooms.id, photos.roomId))
    .where(
      or(
        and(eq(photos.type, 'profile'), eq(photos.userId, userId)),
        and(eq(photos.type, 'clinic'), inArray(photos.clinicId, ownClinics)),
        and(eq(photos.type, 'room'), inArray(photos.roomId, roomClinics)),
      ),
    )
    .orderBy(asc(photos.type), asc(photos.position), asc(photos.id));
}

/** The horários fixos the person made, with room and clinic. */
export const seriesOf = (db: Executor, userId: number) =>
  db
    .select({
      series,
      room: { uuid: rooms.uuid, name: rooms.name },
      clinic: { uuid: clinics.uuid, name: clinics.name, timezone: clinics.timezone },
    })
    .from(series)
    .innerJoin(rooms, eq(rooms.id, series.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(eq(series.customerId, userId))
    .orderBy(asc(series.id));

/** The person's places in waitlists, with room and clinic. */
export const waitlistOf = (db: Executor, userId: number) =>
  db
    .select({
      entry: waitlistEntries,
      room: { uuid: rooms.uuid, name: rooms.name },
      clinic: { uuid: clinics.uuid, name: clinics.name, timezone: clinics.timezone },
    })
    .from(waitlistEntries)
    .innerJoin(rooms, eq(rooms.id, waitlistEntries.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(eq(waitlistEntries.customerId, userId))
    .orderBy(asc(waitlistEntries.id));

/** The mails written to the person's address (kept 30 days after they leave), oldest first. */
export const mailsTo = (db: Executor, email: string) =>
  db
    .select({
      uuid: mailOutbox.uuid,
      kind: mailOutbox.kind,
      subject: mailOutbox.subject,
      payload: mailOutbox.payload,
      status: mailOutbox.status,
      sentAt: mailOutbox.sentAt,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.recipient}) = ${email.toLowerCase()}`)
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));

// ------------------------------------------------------------------ what a deletion checks

/** The user row, locked: one deletion of an account at a time, and no booking while it runs. */
export async function lockUser(tx: Tx, userId: number): Promise<UserRow | undefined> {
  const rows = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return rows[0];
}

/**
 * The other active operators, locked: two operators deleting themselves at once cannot leave the
 * platform without one.
 */
export async function lockOtherActiveOperators(tx: Tx, userId: number): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.role, [...OPERATOR_ROLES]),
        eq(users.active, true),
        isNull(users.deletedAt),
        ne(users.id, userId),
      ),
    )
    .for('update');
  return rows.length;
}

export async function countActiveRooms(db: Executor, partnerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(rooms)
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(and(eq(clinics.partnerId, partnerId), eq(rooms.active, true)));
  return Number(row?.n ?? 0);
}

/** Hours still to come, held (unpaid or confirmed), in the partner's rooms. */
export async function countFutureHoursInRooms(db: Executor, partnerId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(appointments)
    .innerJoin(rooms, eq(rooms.id, appointments.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(
      and(
        eq(clinics.partnerId, partnerId),
        inArray(appointments.status, [...FUTURE_HOLDING]),
        gt(appointments.startsAt, now),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The person's own hours still to come that hold a slot, first hour first. */
export const futureHoursOf = (db: Executor, userId: number, now: Date) =>
  db
    .select({ id: appointments.id, bookingId: appointments.bookingId, status: appointments.status })
    .from(appointments)
    .where(
      and(
        eq(appointments.customerId, userId),
        inArray(appointments.status, [...FUTURE_HOLDING]),
        gt(appointments.startsAt, now),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id));

// ------------------------------------------------------------------ the erasure

/**
 * Erases or anonymizes everything personal of the account in `tx`; the rows the law keeps
 * (bookings, appointments, payments, refunds) stay and point to the anonymized user. Answers the
 * storage keys of the photos removed, to delete from storage after the commit.
 */
export async function eraseAccount(
  tx: Tx,
  user: UserRow,
  anonymous: { name: string; email: string },
  now: Date,
): Promise<string[]> {
  const owned = (await photosOf(tx, user.id)).map((p) => p.photo);
  if (owned.length)
    await tx.delete(photos).where(
      inArray(
        photos.id,
        owned.map((p) => p.id),
      ),
    );

  // Sign-in: every session, pending code and reset link (they also carry client addresses).
  await tx.delete(authTokens).where(eq(authTokens.userId, user.id));
  await tx.delete(loginChallenges).where(eq(loginChallenges.userId, user.id));
  await tx.delete(verificationCodes).where(eq(verificationCodes.userId, user.id));
  await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
  // Throttle counters keyed by the e-mail or the account.
  await tx
    .delete(throttleCounters)
    .where(
      or(
        sql`position(${user.email.toLowerCase()} in ${throttleCounters.key}) > 0`,
        sql`position(${user.uuid} in ${throttleCounters.key}) > 0`,
      ),
    );

  // Saved cards (payments that used one keep their row; their card_id becomes null).
  await tx.delete(cards).where(eq(cards.userId, user.id));

  // WhatsApp: the number consented for and the profiles' mobiles — what they sent from it, and
  // what was sent to it (nothing more goes out; past rows forget the number and the words).
  const profilePhones = await Promise.all(
    [specialistProfiles, partnerProfiles].map((t) =>
      tx.select({ phone: t.phone }).from(t).where(eq(t.userId, user.id)),
    ),
  );
  const numbers = [
    ...new Set([user.whatsappPhone, ...profilePhones.flat().map((p) => p.phone && brazilianMobile(p.phone))]),
  ].filter((n): n is string => Boolean(n));
  if (numbers.length) {
    await tx.delete(whatsappInbound).where(inArray(whatsappInbound.fromPhone, numbers));
    const chat = and(eq(mailOutbox.channel, 'whatsapp'), inArray(mailOutbox.recipient, numbers));
    await tx.delete(mailOutbox).where(and(chat, eq(mailOutbox.status, 'pending')));
    await tx
      .update(mailOutbox)
      .set({ recipient: anonymous.email, subject: '', payload: {}, lastError: null, updatedAt: now })
      .where(chat);
  }

  // completeData: CPF, birth date, phone, council, address.
  await tx.delete(specialistProfiles).where(eq(specialistProfiles.userId, user.id));
  // A partner: legal name, document, contact, phone, address, calendar feed; the plan stays (it
  // priced the commissions of the bookings kept). Bank and Pix data go.
  await tx
    .update(partnerProfiles)
    .set({
      legalName: null,
      documentType: null,
      document: null,
      contactEmail: null,
      phone: null,
      addressId: null,
      icalTokenHash: null,
      updatedAt: now,
    })
    .where(eq(partnerProfiles.userId, user.id));
  await tx.delete(partnerBankAccounts).where(eq(partnerBankAccounts.userId, user.id));
  await tx.delete(partnerPixKeys).where(eq(partnerPixKeys.userId, user.id));
  // Clinics stay (the bookings kept name their rooms), without the contact e-mail and phones.
  await tx.update(clinics).set({ email: null, updatedAt: now }).where(eq(clinics.partnerId, user.id));
  await tx.delete(phoneContacts).where(eq(phoneContacts.ownerId, user.id));
  // The person's addresses; a clinic's address (a place of business the kept bookings show) stays.
  await tx
    .delete(addresses)
    .where(
      and(
        eq(addresses.ownerId, user.id),
        sql`not exists (select 1 from ${clinics} where ${clinics.addressId} = ${addresses.id})`,
      ),
    );

  // Mail: nothing more goes out to the old address from the queue; past rows forget it and what
  // they said (name, bookings, links and codes).
  const recipient = sql`lower(${mailOutbox.recipient}) = ${user.email.toLowerCase()}`;
  await tx.delete(mailOutbox).where(and(recipient, eq(mailOutbox.status, 'pending')));
  await tx
    .update(mailOutbox)
    .set({ recipient: anonymous.email, subject: '', payload: {}, lastError: null, updatedAt: now })
    .where(recipient);

  await tx
    .update(users)
    .set({
      name: anonymous.name,
      email: anonymous.email,
      passwordHash: null,
      active: false,
      emailVerifiedAt: null,
      whatsappPhone: null,
      whatsappOptedInAt: null,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, user.id));
  return owned.map((p) => p.storageKey);
}
