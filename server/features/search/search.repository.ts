import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { weekdayOf } from '#common/time/zone';
import { type Executor, queryRows } from '../../db/client.ts';
import {
  addresses,
  clinics,
  facilities,
  phoneContacts,
  photos,
  roomFacilities,
  rooms,
  slotHoldingStatuses,
  users,
} from '../../db/schema.ts';
import { bookableRoomCondition } from '../rooms/room.repository.ts';

export type SearchField = 'all' | 'city' | 'neighborhood' | 'clinic' | 'room';
export type SearchSort = 'price_asc' | 'price_desc' | 'name';

/**
 * The text, folded like the stored columns (accents and case, migration 0005), found anywhere in
 * the field — or, for "all", in "room clinic neighbourhood city" as one line. The folded columns
 * are written once with the row, so a search folds only its own text; the trigram indexes serve
 * the single-field filters.
 */
function textFilter(value: string, field: SearchField): SQL {
  const pattern = sql`'%' || salas_fold(${value}) || '%'`;
  const haystacks: Record<SearchField, SQL> = {
    room: sql`${rooms.nameFolded}`,
    clinic: sql`${clinics.nameFolded}`,
    neighborhood: sql`coalesce(${addresses.neighborhoodFolded}, '')`,
    city: sql`coalesce(${addresses.cityFolded}, '')`,
    all: sql`${rooms.nameFolded} || ' ' || ${clinics.nameFolded} || ' ' || coalesce(${addresses.neighborhoodFolded}, '') || ' ' || coalesce(${addresses.cityFolded}, '')`,
  };
  return sql`${haystacks[field]} like ${pattern}`;
}

const orderBy = (sort: SearchSort | undefined) => {
  const pinned = desc(rooms.fixed);
  // Names sort as people read them, whatever the database's collation.
  const name = asc(rooms.nameFolded);
  switch (sort) {
    case 'price_asc':
      return [pinned, asc(rooms.pricePerMinute), name, asc(rooms.id)];
    case 'price_desc':
      return [pinned, desc(rooms.pricePerMinute), name, asc(rooms.id)];
    default:
      return [pinned, name, asc(rooms.id)];
  }
};

/**
 * Whether room `c` (a row of `cand`: its clinic's zone and its booking rules, decision 0023) has an
 * available slot on `date` on its clinic's wall clock — the rule of the room page's slots: a start
 * on the room's grid inside the room's own hours, or its clinic's when it has none ("23:59" closes
 * at midnight), after the notice and within the horizon, not a time skipped by a daylight-saving
 * jump, from which the room's minimum stretch is neither blocked nor inside another booking, and
 * whose end leaves the buffer free. The query lives in the database (migration 0008), where its
 * plan is kept between searches instead of being made again for each one.
 */
function freeSlotExists(free: FreeOn): SQL {
  return sql`salas_room_has_free_slot(c.room_id, c.clinic_id, c.timezone, ${free.date}::date,
    ${free.now.toISOString()}::timestamptz, c.slot, c.minlen, c.buffer, c.notice, c.horizon)`;
}

/**
 * The candidates a count settles: wholly in the future on their clinic's clock, the longest
 * opening range of the day holds that many distinct hours (one fewer, should a daylight-saving
 * jump skip one); each held start of that local day takes at most one of them, each block at most
 * its hours in the day plus one. More hours than can be taken means a free one. Decided as a set —
 * the day's appointments are read once for all candidates (by time), joined by room — so no room
 * is checked hour by hour unless it is nearly full; those get `freeSlotExists`. Only rooms on the
 * hourly rule of old (60-minute grid, no minimum beyond an hour, no buffer) whose whole day lies
 * between their notice and their horizon are settled so; the others always get `freeSlotExists`.
 */
function settledByCount(free: FreeOn): SQL {
  const from = new Date(Date.parse(`${free.date}T00:00:00Z`) - 14 * 3_600_000).toISOString();
  const to = new Date(Date.parse(`${free.date}T00:00:00Z`) + 38 * 3_600_000).toISOString();
  const weekday = weekdayOf(free.date);
  const hours = sql`(case when h.closes_at = '23:59' then 24 else floor(extract(epoch from h.closes_at) / 3600)::int end)
    - ceil(extract(epoch from h.opens_at) / 3600)::int`;
  return sql`,
    open_hours as (
      select room_id, max(hours) as hours from (
        select c.room_id, ${hours} as hours from cand c
          join room_operating_hours h on h.room_id = c.room_id and h.weekday = ${weekday}
        union all
        select c.room_id, ${hours} as hours from cand c
          join clinic_opening_hours h on h.clinic_id = c.clinic_id and h.weekday = ${weekday}
          where not exists (select 1 from room_operating_hours x where x.room_id = c.room_id)
      ) t group by room_id
    ),
    zone_day as (
      select tz, ${free.date}::date::timestamp at time zone tz as starts,
             (${free.date}::date + 1)::timestamp at time zone tz as ends
      from (select distinct timezone as tz from cand) z
    ),
    local_day as (
      select c.room_id, z.starts, z.ends,
             c.slot = 60 and c.minlen = 60 and c.buffer = 0 as hourly, c.notice, c.horizon
      from cand c join zone_day z on z.tz = c.timezone
    ),
    held as (
      select d.room_id, count(*) as n from appointments a
        join local_day d on d.room_id = a.room_id
        where a.starts_at >= ${from}::timestamptz and a.starts_at < ${to}::timestamptz
          and a.status in (${sql.raw(slotHoldingStatuses.map((v) => `'${v}'`).join(', '))})
          and a.starts_at >= d.starts and a.starts_at < d.ends
        group by d.room_id
    ),
    blocked as (
      select d.room_id,
             sum(ceil(extract(epoch from least(b.ends_at, d.ends) - greatest(b.starts_at, d.starts)) / 3600)::int + 1) as n
        from blocked_schedules b
        join local_day d on d.room_id = b.room_id
        where b.starts_at < d.ends and b.ends_at > d.starts
        group by d.room_id
    ),
    settled as (
      select d.room_id from local_day d
        join open_hours o on o.room_id = d.room_id
        left join held hd on hd.room_id = d.room_id
        left join blocked bl on bl.room_id = d.room_id
        where d.hourly
          and d.starts > ${free.now.toISOString()}::timestamptz + make_interval(mins => d.notice)
          and d.ends <= ${free.now.toISOString()}::timestamptz + make_interval(days => d.horizon)
          and o.hours - 1 > coalesce(hd.n, 0) + coalesce(bl.n, 0)
    )`;
}

export interface FreeOn {
  date: string;
  now: Date;
}

/**
 * Rooms matching the text with a free hour on the date, a page of them in display order and how
 * many there are in all. The text match is settled first (a materialized set), so the free-hour
 * check runs only for its rooms.
 */
export async function freeRoomsPage(
  db: Executor,
  value: string | undefined,
  field: SearchField,
  sort: SearchSort | undefined,
  page: { limit: number; offset: number },
  free: FreeOn,
): Promise<{ ids: number[]; total: number }> {
  const order =
    sort === 'price_asc'
      ? sql`c.fixed desc, c.price asc, c.folded, c.room_id`
      : sort === 'price_desc'
        ? sql`c.fixed desc, c.price desc, c.folded, c.room_id`
        : sql`c.fixed desc, c.folded, c.room_id`;
  const cand = sql`with cand as materialized (
      select ${rooms.id} as room_id, ${rooms.clinicId} as clinic_id, ${clinics.timezone} as timezone,
             ${rooms.fixed} as fixed, ${rooms.pricePerMinute} as price, ${rooms.nameFolded} as folded,
             coalesce(${rooms.slotMinutes}, ${clinics.slotMinutes}) as slot,
             greatest(coalesce(${rooms.minBookingMinutes}, ${clinics.minBookingMinutes}),
                      coalesce(${rooms.slotMinutes}, ${clinics.slotMinutes})) as minlen,
             coalesce(${rooms.bufferMinutes}, ${clinics.bufferMinutes}) as buffer,
             coalesce(${rooms.minNoticeMinutes}, ${clinics.minNoticeMinutes}) as notice,
             coalesce(${rooms.maxDaysAhead}, ${clinics.maxDaysAhead}) as horizon
      from ${rooms}
      join ${clinics} on ${clinics.id} = ${rooms.clinicId}
      join ${users} partner on partner.id = ${clinics.partnerId}
      left join ${addresses} on ${addresses.id} = ${clinics.addressId}
      -- bookable (bookableRoomCondition) as a join: one hash over the partners, not a probe per room
      where ${rooms.active} and ${rooms.published} and partner.active ${value ? sql`and ${textFilter(value, field)}` : sql``}
    )`;
  const isFree = sql`(c.room_id in (select room_id from settled) or ${freeSlotExists(free)})`;
  const rows = await queryRows<{ room_id: number; total: number }>(
    db,
    sql`${cand}${settledByCount(free)}
        select c.room_id, count(*) over () as total from cand c
        where ${isFree}
        order by ${order} limit ${page.limit} offset ${page.offset}`,
  );
  if (rows.length > 0) return { ids: rows.map((r) => Number(r.room_id)), total: Number(rows[0]!.total) };
  if (page.offset === 0) return { ids: [], total: 0 };
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`${cand}${settledByCount(free)} select count(*)::int as n from cand c where ${isFree}`,
  );
  return { ids: [], total: Number(count?.n ?? 0) };
}

/** Bookable rooms (active, published, of an active partner) matching the text. */
const matching = (value: string | undefined, field: SearchField) =>
  and(bookableRoomCondition(), value ? textFilter(value, field) : undefined);

/** Bookable rooms matching the text, pinned first, in display order (ids only); a page of them when asked. */
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

/**
 * The room behind a public page, if it is bookable (active, published, of an active partner) —
 * or, when `ownerId` is given, also if that partner owns it (a draft's preview, decision 0038).
 * `bookable` tells the two apart.
 */
export async function findActiveRoomId(db: Executor, uuid: string, ownerId?: number) {
  const visible = bookableRoomCondition();
  const rows = await db
    .select({ roomId: rooms.id, clinicId: rooms.clinicId, bookable: sql<boolean>`${visible}` })
    .from(rooms)
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(
      and(
        eq(rooms.uuid, uuid),
        ownerId === undefined ? visible : or(visible, eq(clinics.partnerId, ownerId)),
      ),
    )
    .limit(1);
  return rows[0];
}
