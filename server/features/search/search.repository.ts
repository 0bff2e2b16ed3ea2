import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  addresses,
  clinics,
  facilities,
  phoneContacts,
  photos,
  roomFacilities,
  rooms,
} from '../../db/schema.ts';

export type SearchField = 'all' | 'city' | 'neighborhood' | 'clinic' | 'room';
export type SearchSort = 'price_asc' | 'price_desc' | 'name';

const fold = (expr: SQL) => sql`salas_fold(${expr})`;

function textFilter(value: string, field: SearchField): SQL {
  const pattern = sql`'%' || salas_fold(${value}) || '%'`;
  const haystacks: Record<SearchField, SQL> = {
    room: sql`${rooms.name}`,
    clinic: sql`${clinics.name}`,
    neighborhood: sql`coalesce(${addresses.neighborhood}, '')`,
    city: sql`coalesce(${addresses.city}, '')`,
    all: sql`${rooms.name} || ' ' || ${clinics.name} || ' ' || coalesce(${addresses.neighborhood}, '') || ' ' || coalesce(${addresses.city}, '')`,
  };
  return sql`${fold(haystacks[field])} like ${pattern}`;
}

const orderBy = (sort: SearchSort | undefined) => {
  const pinned = desc(rooms.fixed);
  // Names sort as people read them, whatever the database's collation.
  const name = asc(fold(sql`${rooms.name}`));
  switch (sort) {
    case 'price_asc':
      return [pinned, asc(rooms.pricePerMinute), name, asc(rooms.id)];
    case 'price_desc':
      return [pinned, desc(rooms.pricePerMinute), name, asc(rooms.id)];
    default:
      return [pinned, name, asc(rooms.id)];
  }
};

/** Active rooms matching the text, pinned first, in display order (ids only). */
const matching = (value: string | undefined, field: SearchField) =>
  value ? and(eq(rooms.active, true), textFilter(value, field)) : eq(rooms.active, true);

/** Active rooms matching the text, pinned first, in display order (ids only); a page of them when asked. */
export async function matchingRooms(
  db: Executor,
  value: string | undefined,
  field: SearchField,
  sort?: SearchSort,
  page?: { limit: number; offset: number },
) {
  const query = db
    .select({ roomId: rooms.id, clinicId: rooms.clinicId, timezone: clinics.timezone })
    .from(rooms)
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .leftJoin(addresses, eq(addresses.id, clinics.addressId))
    .where(matching(value, field))
    .orderBy(...orderBy(sort))
    .$dynamic();
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countMatchingRooms(
  db: Executor,
  value: string | undefined,
  field: SearchField,
): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(rooms)
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .leftJoin(addresses, eq(addresses.id, clinics.addressId))
    .where(matching(value, field));
  return rows[0]?.n ?? 0;
}

/** Everything a room card or page shows, for the given rooms. */
export async function roomCards(db: Executor, roomIds: number[]) {
  if (roomIds.length === 0) return { rows: [], facilities: [], photos: [], phones: [] };
  const rows = await db
    .select({ room: rooms, clinic: clinics, address: addresses })
    .from(rooms)
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .leftJoin(addresses, eq(addresses.id, clinics.addressId))
    .where(inArray(rooms.id, roomIds));
  const clinicIds = [...new Set(rows.map((r) => r.clinic.id))];
  const [facilityRows, photoRows, phoneRows] = await Promise.all([
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
      .orderBy(desc(photos.isCover), asc(photos.position), asc(photos.id)),
    db.select().from(phoneContacts).where(inArray(phoneContacts.clinicId, clinicIds)),
  ]);
  return { rows, facilities: facilityRows, photos: photoRows, phones: phoneRows };
}

export async function findActiveRoomId(db: Executor, uuid: string) {
  const rows = await db
    .select({ roomId: rooms.id, clinicId: rooms.clinicId })
    .from(rooms)
    .where(and(eq(rooms.uuid, uuid), eq(rooms.active, true)))
    .limit(1);
  return rows[0];
}
