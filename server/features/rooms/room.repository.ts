import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { HourRange } from '#common/contracts/supply';
import { type Executor, queryRows } from '../../db/client.ts';
import {
  appointments,
  blockedSchedules,
  clinicOpeningHours,
  clinics,
  facilities,
  partnerProfiles,
  photos,
  roomFacilities,
  roomOperatingHours,
  rooms,
} from '../../db/schema.ts';

export type RoomRow = typeof rooms.$inferSelect;
export type RoomWithClinic = { room: RoomRow; clinic: typeof clinics.$inferSelect };

/** Rooms of the partner's clinics, optionally of one clinic. */
export async function listPartnerRooms(
  db: Executor,
  partnerId: number,
  clinicId?: number,
): Promise<RoomWithClinic[]> {
  return db
    .select({ room: rooms, clinic: clinics })
    .from(rooms)
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(
      clinicId
        ? and(eq(clinics.partnerId, partnerId), eq(rooms.clinicId, clinicId))
        : eq(clinics.partnerId, partnerId),
    )
    .orderBy(asc(clinics.name), asc(rooms.name));
}

/** The partner's room, or nothing (another partner's room is "not found"). */
export async function findOwnedRoom(
  db: Executor,
  partnerId: number,
  uuid: string,
): Promise<RoomWithClinic | undefined> {
  const rows = await db
    .select({ room: rooms, clinic: clinics })
    .from(rooms)
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(and(eq(rooms.uuid, uuid), eq(clinics.partnerId, partnerId)))
    .limit(1);
  return rows[0];
}

export async function findOwnedRooms(
  db: Executor,
  partnerId: number,
  uuids: string[],
): Promise<RoomWithClinic[]> {
  if (uuids.length === 0) return [];
  return db
    .select({ room: rooms, clinic: clinics })
    .from(rooms)
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(and(inArray(rooms.uuid, uuids), eq(clinics.partnerId, partnerId)));
}

/** Facilities, photos and operating hours of several rooms, in three queries. */
export async function roomDetails(db: Executor, roomIds: number[]) {
  if (roomIds.length === 0) return { facilities: [], photos: [], hours: [] };
  const [facilityRows, photoRows, hourRows] = await Promise.all([
    db
      .select({ roomId: roomFacilities.roomId, uuid: facilities.uuid, name: facilities.name })
      .from(roomFacilities)
      .innerJoin(facilities, eq(facilities.id, roomFacilities.facilityId))
      .where(inArray(roomFacilities.roomId, roomIds))
      .orderBy(asc(facilities.name)),
    db
      .select({ roomId: photos.roomId, uuid: photos.uuid, isCover: photos.isCover })
      .from(photos)
      .where(inArray(photos.roomId, roomIds))
      .orderBy(asc(photos.position), asc(photos.id)),
    db.select().from(roomOperatingHours).where(inArray(roomOperatingHours.roomId, roomIds)),
  ]);
  return { facilities: facilityRows, photos: photoRows, hours: hourRows };
}

/**
 * What the publishing checklist reads besides the rooms' own rows: how many opening ranges each
 * clinic has (a room without its own hours follows them) and each partner's approval (a partner
 * without a profile row is approved: the column's default, decision 0038).
 */
export async function publishContext(
  db: Executor,
  clinicIds: number[],
  partnerIds: number[],
): Promise<{ clinicRanges: Map<number, number>; approval: Map<number, string> }> {
  if (clinicIds.length === 0) return { clinicRanges: new Map(), approval: new Map() };
  const [ranges, profiles] = await Promise.all([
    db
      .select({ clinicId: clinicOpeningHours.clinicId, n: count() })
      .from(clinicOpeningHours)
      .where(inArray(clinicOpeningHours.clinicId, clinicIds))
      .groupBy(clinicOpeningHours.clinicId),
    db
      .select({ userId: partnerProfiles.userId, approval: partnerProfiles.approval })
      .from(partnerProfiles)
      .where(inArray(partnerProfiles.userId, partnerIds)),
  ]);
  return {
    clinicRanges: new Map(ranges.map((r) => [r.clinicId, Number(r.n)])),
    approval: new Map(profiles.map((p) => [p.userId, p.approval])),
  };
}

/** The partner's approval ('approved' without a profile row: the column's default). */
export async function partnerApproval(db: Executor, partnerId: number): Promise<string> {
  const rows = await db
    .select({ approval: partnerProfiles.approval })
    .from(partnerProfiles)
    .where(eq(partnerProfiles.userId, partnerId))
    .limit(1);
  return rows[0]?.approval ?? 'approved';
}

export async function insertRoom(db: Executor, values: typeof rooms.$inferInsert): Promise<RoomRow> {
  const rows = await db.insert(rooms).values(values).returning();
  return rows[0]!;
}

export async function updateRoom(
  db: Executor,
  id: number,
  values: { name: string; description: string; pricePerMinute: string; active: boolean },
  now: Date,
): Promise<void> {
  await db
    .update(rooms)
    .set({ ...values, updatedAt: now })
    .where(eq(rooms.id, id));
}

/** Publishes the room (now) or takes it back to a draft. */
export async function setPublished(db: Executor, id: number, published: boolean, now: Date): Promise<void> {
  await db
    .update(rooms)
    .set({ published, publishedAt: published ? now : null, updatedAt: now })
    .where(eq(rooms.id, id));
}

/** The facilities with these uuids (unknown ones are left out). */
export async function findFacilities(db: Executor, uuids: string[]) {
  if (uuids.length === 0) return [];
  return db
    .select({ id: facilities.id, uuid: facilities.uuid })
    .from(facilities)
    .where(inArray(facilities.uuid, uuids));
}

/** The room's facilities become exactly these. */
export async function replaceFacilities(db: Executor, roomId: number, facilityIds: number[]): Promise<void> {
  await db.delete(roomFacilities).where(eq(roomFacilities.roomId, roomId));
  if (facilityIds.length)
    await db
      .insert(roomFacilities)
      .values(facilityIds.map((facilityId) => ({ roomId, facilityId })))
      .onConflictDoNothing();
}

export async function countPendingAppointments(db: Executor, roomId: number, now: Date): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(appointments)
    .where(
      and(
        eq(appointments.roomId, roomId),
        inArray(appointments.status, ['pending_payment', 'confirmed']),
        gt(appointments.endsAt, now),
      ),
    );
  return rows[0]?.n ?? 0;
}

export async function countAppointments(db: Executor, roomId: number): Promise<number> {
  const rows = await db.select({ n: count() }).from(appointments).where(eq(appointments.roomId, roomId));
  return rows[0]?.n ?? 0;
}

export async function deleteRoom(db: Executor, roomId: number): Promise<void> {
  await db.delete(rooms).where(eq(rooms.id, roomId));
}

export async function replaceRoomHours(db: Executor, roomId: number, hours: HourRange[]): Promise<void> {
  await db.delete(roomOperatingHours).where(eq(roomOperatingHours.roomId, roomId));
  if (hours.length) {
    await db
      .insert(roomOperatingHours)
      .values(hours.map((h) => ({ roomId, weekday: h.weekday, opensAt: h.opens_at, closesAt: h.closes_at })));
  }
}

export async function findFacility(db: Executor, uuid: string) {
  const rows = await db.select().from(facilities).where(eq(facilities.uuid, uuid)).limit(1);
  return rows[0];
}

export async function listFacilities(db: Executor) {
  return db
    .select({ uuid: facilities.uuid, name: facilities.name })
    .from(facilities)
    .orderBy(asc(facilities.name));
}

export async function attachFacility(db: Executor, roomId: number, facilityId: number): Promise<void> {
  await db.insert(roomFacilities).values({ roomId, facilityId }).onConflictDoNothing();
}

export async function detachFacility(db: Executor, roomId: number, facilityId: number): Promise<void> {
  await db
    .delete(roomFacilities)
    .where(and(eq(roomFacilities.roomId, roomId), eq(roomFacilities.facilityId, facilityId)));
}

/** The rooms' rows, exclusively (id order): no booking of them lands while a block is decided. */
export async function lockRoomsForBlock(tx: Executor, roomIds: number[]) {
  await tx.execute(
    sql`select id from rooms where id in (${sql.join(
      roomIds.map((id) => sql`${id}`),
      sql`, `,
    )}) order by id for update`,
  );
}

/**
 * Appointments holding time in these rooms that overlap [from, to), with who holds each: the
 * specialist's name, or the person a partner recorded an outside booking for.
 */
export async function heldBetween(db: Executor, roomIds: number[], from: Date, to: Date) {
  const rows = await queryRows<{
    id: number;
    uuid: string;
    booking_id: number;
    room_id: number;
    starts_at: Date | string;
    ends_at: Date | string;
    customer_name: string;
  }>(
    db,
    sql`select a.id, a.uuid, a.booking_id, a.room_id, a.starts_at, a.ends_at,
          coalesce(b.outside_name, u.name) as customer_name
        from appointments a
        join bookings b on b.id = a.booking_id
        join users u on u.id = b.customer_id
        where a.room_id in (${sql.join(
          roomIds.map((id) => sql`${id}`),
          sql`, `,
        )})
          and a.status in ('pending_payment', 'confirmed', 'completed', 'no_show')
          and a.starts_at < ${to.toISOString()}::timestamptz and a.ends_at > ${from.toISOString()}::timestamptz
        order by a.starts_at, a.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    uuid: String(r.uuid),
    bookingId: Number(r.booking_id),
    roomId: Number(r.room_id),
    startsAt: new Date(r.starts_at),
    endsAt: new Date(r.ends_at),
    customerName: String(r.customer_name),
  }));
}

export async function insertBlocks(db: Executor, rows: (typeof blockedSchedules.$inferInsert)[]) {
  return db.insert(blockedSchedules).values(rows).returning();
}

export async function listBlocks(db: Executor, roomId: number) {
  return db
    .select()
    .from(blockedSchedules)
    .where(eq(blockedSchedules.roomId, roomId))
    .orderBy(asc(blockedSchedules.startsAt));
}

/** The block, if it is on one of the partner's rooms. */
export async function findOwnedBlock(db: Executor, partnerId: number, uuid: string) {
  const rows = await db
    .select({ block: blockedSchedules, roomUuid: rooms.uuid })
    .from(blockedSchedules)
    .innerJoin(rooms, eq(rooms.id, blockedSchedules.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(and(eq(blockedSchedules.uuid, uuid), eq(clinics.partnerId, partnerId)))
    .limit(1);
  return rows[0];
}

export async function deleteBlock(db: Executor, id: number): Promise<void> {
  await db.delete(blockedSchedules).where(eq(blockedSchedules.id, id));
}
