import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Storage } from '../../adapters/storage.ts';
import type { Executor } from '../../db/client.ts';
import { clinics, photos, rooms, users } from '../../db/schema.ts';
import { photoSizes, variantKey } from './image.ts';

export type PhotoRow = typeof photos.$inferSelect;
export type PhotoOwner = { clinicId: number } | { roomId: number } | { userId: number };

const ownerWhere = (owner: PhotoOwner): SQL =>
  'clinicId' in owner
    ? eq(photos.clinicId, owner.clinicId)
    : 'roomId' in owner
      ? eq(photos.roomId, owner.roomId)
      : eq(photos.userId, owner.userId);

export async function listPhotos(db: Executor, owner: PhotoOwner): Promise<PhotoRow[]> {
  return db.select().from(photos).where(ownerWhere(owner)).orderBy(asc(photos.position), asc(photos.id));
}

/** A clinic or room of the partner, by uuid, as the owner of its photos (undefined: none of theirs). */
export async function findPartnerOwner(
  db: Executor,
  partnerId: number,
  type: 'clinic' | 'room',
  uuid: string,
): Promise<PhotoOwner | undefined> {
  if (type === 'clinic') {
    const [clinic] = await db
      .select({ id: clinics.id })
      .from(clinics)
      .where(and(eq(clinics.uuid, uuid), eq(clinics.partnerId, partnerId)))
      .limit(1);
    return clinic && { clinicId: clinic.id };
  }
  const [room] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(and(eq(rooms.uuid, uuid), eq(clinics.partnerId, partnerId)))
    .limit(1);
  return room && { roomId: room.id };
}

export async function photoKeysOf(db: Executor, owner: PhotoOwner): Promise<string[]> {
  const rows = await db.select({ key: photos.storageKey }).from(photos).where(ownerWhere(owner));
  return rows.map((r) => r.key);
}

/** Deletes every size of each photo; missing files are fine. */
export async function deletePhotoFiles(storage: Storage, keys: string[]): Promise<void> {
  await Promise.all(
    keys.flatMap((key) =>
      (Object.keys(photoSizes) as (keyof typeof photoSizes)[]).map((size) =>
        storage.delete(variantKey(key, size)),
      ),
    ),
  );
}

/**
 * Locks the row that owns the photos (user, clinic or room) until the transaction ends, so uploads
 * to one owner take turns: a profile keeps one photo and a room its limit under parallel requests.
 * False when the owner is gone.
 */
export async function lockOwner(tx: Executor, owner: PhotoOwner): Promise<boolean> {
  const rows =
    'clinicId' in owner
      ? await tx
          .select({ id: clinics.id })
          .from(clinics)
          .where(eq(clinics.id, owner.clinicId))
          .for('no key update')
      : 'roomId' in owner
        ? await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, owner.roomId)).for('no key update')
        : await tx
            .select({ id: users.id })
            .from(users)
            .where(eq(users.id, owner.userId))
            .for('no key update');
  return rows.length > 0;
}

/** Deletes every photo row of an owner; answers their storage keys (the files are the caller's). */
export async function deletePhotosOf(db: Executor, owner: PhotoOwner): Promise<string[]> {
  const rows = await db.delete(photos).where(ownerWhere(owner)).returning({ key: photos.storageKey });
  return rows.map((r) => r.key);
}

export async function insertPhotos(db: Executor, rows: (typeof photos.$inferInsert)[]): Promise<PhotoRow[]> {
  return rows.length ? db.insert(photos).values(rows).returning() : [];
}

export async function findPhoto(db: Executor, uuid: string): Promise<PhotoRow | undefined> {
  const rows = await db.select().from(photos).where(eq(photos.uuid, uuid)).limit(1);
  return rows[0];
}

const roomClinic = alias(clinics, 'room_clinic');

/** The photo and the partner whose clinic or room it shows (null for profile photos), in one query. */
export async function findPhotoWithPartner(db: Executor, uuid: string) {
  const rows = await db
    .select({
      photo: photos,
      partnerId: sql<number | null>`coalesce(${clinics.partnerId}, ${roomClinic.partnerId})`,
    })
    .from(photos)
    .leftJoin(clinics, eq(clinics.id, photos.clinicId))
    .leftJoin(rooms, eq(rooms.id, photos.roomId))
    .leftJoin(roomClinic, eq(roomClinic.id, rooms.clinicId))
    .where(eq(photos.uuid, uuid))
    .limit(1);
  const row = rows[0];
  return row
    ? { photo: row.photo, partnerId: row.partnerId === null ? null : Number(row.partnerId) }
    : undefined;
}

export async function deletePhoto(db: Executor, id: number): Promise<void> {
  await db.delete(photos).where(eq(photos.id, id));
}

/** Makes one photo the cover of its owner (exactly one cover when there are photos). */
export async function setCover(db: Executor, owner: PhotoOwner, photoId: number | undefined): Promise<void> {
  await db.update(photos).set({ isCover: false }).where(ownerWhere(owner));
  if (photoId !== undefined) await db.update(photos).set({ isCover: true }).where(eq(photos.id, photoId));
}
