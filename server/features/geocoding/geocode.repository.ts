/** The geocoder's cache and the clinics' places it writes (the only SQL of features/geocoding). */
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { addresses, clinics, geocodeCache } from '../../db/schema.ts';

/** A cached answer: the point, or null for an address the geocoder did not know; undefined if not asked. */
export async function cachedAnswer(
  db: Executor,
  key: string,
  missesSince: Date,
): Promise<{ lat: number; lng: number } | null | undefined> {
  const [row] = await db.select().from(geocodeCache).where(eq(geocodeCache.query, key)).limit(1);
  if (!row) return undefined;
  if (row.latitude === null || row.longitude === null) return row.createdAt >= missesSince ? null : undefined;
  return { lat: row.latitude, lng: row.longitude };
}

export async function keepAnswer(
  db: Executor,
  key: string,
  point: { lat: number; lng: number } | null,
  now: Date,
): Promise<void> {
  const values = { latitude: point?.lat ?? null, longitude: point?.lng ?? null, createdAt: now };
  await db
    .insert(geocodeCache)
    .values({ query: key, ...values })
    .onConflictDoUpdate({ target: geocodeCache.query, set: values });
}

/** A clinic's address and how it is placed now. */
export async function clinicAddress(db: Executor, clinicId: number) {
  const [row] = await db
    .select({ locationSource: clinics.locationSource, address: addresses })
    .from(clinics)
    .leftJoin(addresses, eq(addresses.id, clinics.addressId))
    .where(eq(clinics.id, clinicId))
    .limit(1);
  return row;
}

/** The clinic whose address this is, if any. */
export async function clinicOfAddress(db: Executor, addressId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: clinics.id })
    .from(clinics)
    .where(eq(clinics.addressId, addressId))
    .limit(1);
  return row?.id;
}

/**
 * Places the clinic where its address was found (null: nowhere) — unless the partner placed a pin
 * meanwhile: the condition is checked in the same statement, so a pin saved at the same time wins.
 */
export async function placeByAddress(
  db: Executor,
  clinicId: number,
  point: { lat: number; lng: number } | null,
): Promise<void> {
  await db
    .update(clinics)
    .set({
      latitude: point?.lat ?? null,
      longitude: point?.lng ?? null,
      locationSource: point ? 'address' : null,
    })
    .where(
      and(eq(clinics.id, clinicId), or(isNull(clinics.locationSource), ne(clinics.locationSource, 'pin'))),
    );
}

/** An address with this CEP (stored as 8 digits), to ask the geocoder for its street (the newest one). */
export async function addressWithZip(db: Executor, zip: string) {
  const [row] = await db
    .select({
      street: addresses.street,
      neighborhood: addresses.neighborhood,
      city: addresses.city,
      state: addresses.state,
    })
    .from(addresses)
    .where(eq(addresses.zipCode, zip))
    .orderBy(sql`${addresses.updatedAt} desc`)
    .limit(1);
  return row;
}
