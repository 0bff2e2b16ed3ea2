import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import type { HourRange } from '#common/contracts/supply';
import type { Executor } from '../../db/client.ts';
import {
  addresses,
  appointments,
  clinicOpeningHours,
  clinics,
  phoneContacts,
  photos,
  rooms,
} from '../../db/schema.ts';

export type ClinicRow = typeof clinics.$inferSelect;

/** Where a clinic is and who said so ('pin': its partner; 'address': the geocoder). */
export type ClinicPlace = Pick<ClinicRow, 'latitude' | 'longitude' | 'locationSource'>;

export async function listClinicRows(db: Executor, partnerId: number): Promise<ClinicRow[]> {
  return db.select().from(clinics).where(eq(clinics.partnerId, partnerId)).orderBy(asc(clinics.name));
}

/** The partner's clinic, or nothing (another partner's clinic is "not found"). */
export async function findOwnedClinic(
  db: Executor,
  partnerId: number,
  uuid: string,
): Promise<ClinicRow | undefined> {
  const rows = await db
    .select()
    .from(clinics)
    .where(and(eq(clinics.uuid, uuid), eq(clinics.partnerId, partnerId)))
    .limit(1);
  return rows[0];
}

/** Address, phones, photos and room counts of several clinics, in four queries. */
export async function clinicDetails(db: Executor, list: ClinicRow[]) {
  const ids = list.map((c) => c.id);
  const addressIds = list.map((c) => c.addressId).filter((id): id is number => id !== null);
  if (ids.length === 0) return { addresses: [], phones: [], photos: [], roomCounts: [] };
  const [addressRows, phoneRows, photoRows, roomCounts] = await Promise.all([
    addressIds.length ? db.select().from(addresses).where(inArray(addresses.id, addressIds)) : [],
    db
      .select()
      .from(phoneContacts)
      .where(inArray(phoneContacts.clinicId, ids))
      .orderBy(asc(phoneContacts.id)),
    db
      .select({ uuid: photos.uuid, isCover: photos.isCover, clinicId: photos.clinicId })
      .from(photos)
      .where(inArray(photos.clinicId, ids))
      .orderBy(asc(photos.position), asc(photos.id)),
    db
      .select({ clinicId: rooms.clinicId, n: count() })
      .from(rooms)
      .where(inArray(rooms.clinicId, ids))
      .groupBy(rooms.clinicId),
  ]);
  return { addresses: addressRows, phones: phoneRows, photos: photoRows, roomCounts };
}

export async function insertClinic(
  db: Executor,
  values: {
    partnerId: number;
    name: string;
    description: string;
    email: string | null;
    timezone: string;
  } & Partial<ClinicPlace>,
): Promise<ClinicRow> {
  const rows = await db.insert(clinics).values(values).returning();
  return rows[0]!;
}

export async function updateClinic(
  db: Executor,
  id: number,
  values: {
    name: string;
    description: string;
    email: string | null;
    timezone: string;
  } & Partial<ClinicPlace>,
  now: Date,
): Promise<void> {
  await db
    .update(clinics)
    .set({ ...values, updatedAt: now })
    .where(eq(clinics.id, id));
}

export async function setClinicAddress(db: Executor, clinicId: number, addressId: number): Promise<void> {
  await db.update(clinics).set({ addressId }).where(eq(clinics.id, clinicId));
}

export async function countRooms(db: Executor, clinicId: number): Promise<number> {
  const rows = await db.select({ n: count() }).from(rooms).where(eq(rooms.clinicId, clinicId));
  return rows[0]?.n ?? 0;
}

/** Appointments still to happen (pending payment or confirmed) in the clinic's rooms. */
export async function countPendingAppointments(db: Executor, clinicId: number, now: Date): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(appointments)
    .innerJoin(rooms, eq(rooms.id, appointments.roomId))
    .where(
      and(
        eq(rooms.clinicId, clinicId),
        inArray(appointments.status, ['pending_payment', 'confirmed']),
        gt(appointments.endsAt, now),
      ),
    );
  return rows[0]?.n ?? 0;
}

export async function deleteClinic(db: Executor, clinic: ClinicRow): Promise<void> {
  await db.delete(clinics).where(eq(clinics.id, clinic.id));
  if (clinic.addressId) await db.delete(addresses).where(eq(addresses.id, clinic.addressId));
}

export async function clinicHours(db: Executor, clinicId: number) {
  return db.select().from(clinicOpeningHours).where(eq(clinicOpeningHours.clinicId, clinicId));
}

export async function replaceClinicHours(db: Executor, clinicId: number, hours: HourRange[]): Promise<void> {
  await db.delete(clinicOpeningHours).where(eq(clinicOpeningHours.clinicId, clinicId));
  if (hours.length) {
    await db
      .insert(clinicOpeningHours)
      .values(
        hours.map((h) => ({ clinicId, weekday: h.weekday, opensAt: h.opens_at, closesAt: h.closes_at })),
      );
  }
}
