import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { EARTH_RADIUS_KM } from '#common/domain/geo';
import type { SearchSort } from '#common/domain/rooms';
import { weekdayOf } from '#common/time/zone';
import { type Executor, queryRows } from '../../db/client.ts';
import {
  addresses,
  appointments,
  blockedSchedules,
  clinicOpeningHours,
  clinics,
  facilities,
  phoneContacts,
  photos,
  roomFacilities,
  roomOperatingHours,
  rooms,
  slotHoldingStatuses,
  users,
} from '../../db/schema.ts';
import { rulesJson } from '../availability/availability.repository.ts';
import { bookableRoomCondition } from '../availability/bookable-room.ts';

export type SearchField = 'all' | 'city' | 'neighborhood' | 'clinic' | 'room';
export type { SearchSort };

/** What narrows a search besides its text (decision 0042). */
export interface Narrowing {
  /** A state's abbreviation the text stood for: rooms of that state, no text match. */
  state?: string | null;
  neighborhood?: string | null;
  minPriceCents?: number | null;
  maxPriceCents?: number | null;
  /** Facility uuids: rooms with every one of them. */
  facilities?: string[] | null;
  /** The lowest visible average (one decimal, as cards show it); rooms without reviews are out. */
  minRating?: number | null;
}

/** Where the rooms are (DESIGN §10 "Where rooms are"): rooms of clinics without coordinates are out of both. */
export interface Place {
  /** Nearest first from this point (the `distance` order). */
  near?: { lat: number; lng: number } | null;
  /** Only clinics inside the box, its edges included. */
  bbox?: { south: number; west: number; north: number; east: number } | null;
}

/** The text and what narrows it: one search's rooms. */
export interface SearchWhat {
  value: string | undefined;
  field: SearchField;
  narrow: Narrowing;
  place?: Place;
}

const folded = {
  room: sql`${rooms.nameFolded}`,
  clinic: sql`${clinics.nameFolded}`,
  neighborhood: sql`coalesce(${addresses.neighborhoodFolded}, '')`,
  city: sql`coalesce(${addresses.cityFolded}, '')`,
};

/**
 * The text, folded like the stored columns (accents and case, migration 0005), found anywhere in
 * the field — or, for "all", in "room clinic neighbourhood city" as one line. The folded columns
 * are written once with the row, so a search folds only its own text; the trigram indexes serve
 * the single-field filters.
 */
function textFilter(value: string, field: SearchField): SQL {
  const pattern = sql`'%' || salas_fold(${value}) || '%'`;
  const haystacks: Record<SearchField, SQL> = {
    ...folded,
    all: sql`${rooms.nameFolded} || ' ' || ${clinics.nameFolded} || ' ' || coalesce(${addresses.neighborhoodFolded}, '') || ' ' || coalesce(${addresses.cityFolded}, '')`,
  };
  return sql`${haystacks[field]} like ${pattern}`;
}

/** An hour's price in centavos, as hourPriceCents computes it from the price per minute. */
const hourCents = sql`round(${rooms.pricePerMinute} * 6000)`;

/**
 * The great-circle distance (haversine, in kilometres) from the clinic to a point: the formula of
 * common/domain/geo.ts distanceKm, in plain SQL so PostgreSQL and PGlite compute it alike.
 */
export function distanceFrom(point: { lat: number; lng: number }): SQL {
  const lat = sql`${point.lat}::float8`;
  const lng = sql`${point.lng}::float8`;
  return sql`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
    power(sin(radians(${clinics.latitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${clinics.latitude})) * power(sin(radians(${clinics.longitude} - ${lng}) / 2), 2)))))`;
}

/**
 * The place's conditions: the box as ranges over (latitude, longitude), which the partial btree
 * index clinics_location_idx serves (no PostGIS needed); a point keeps clinics with coordinates.
 */
function placeConditions(place: Place | undefined): SQL[] {
  const out: SQL[] = [];
  const box = place?.bbox;
  if (box)
    out.push(
      sql`${clinics.latitude} between ${box.south}::float8 and ${box.north}::float8`,
      sql`${clinics.longitude} between ${box.west}::float8 and ${box.east}::float8`,
    );
  if (place?.near) out.push(sql`${clinics.latitude} is not null`);
  return out;
}

/** A room's visible average as cards show it (one decimal), times ten: 4.65 → 47; null without reviews. */
const ratingTenths = sql`round(${rooms.ratingSum} * 10.0 / nullif(${rooms.ratingCount}, 0))`;

/**
 * The conditions of a search over rooms ⋈ clinics ⟕ addresses (the text or its state, the place
 * and the filters).
 */
function searchConditions({ value, field, narrow, place }: SearchWhat): SQL[] {
  const out: SQL[] = [...placeConditions(place)];
  if (narrow.state) out.push(sql`${addresses.state} = ${narrow.state}`);
  else if (value) out.push(textFilter(value, field));
  if (narrow.neighborhood)
    out.push(sql`${addresses.neighborhoodFolded} = salas_fold(${narrow.neighborhood.trim()})`);
  if (narrow.minPriceCents != null) out.push(sql`${hourCents} >= ${narrow.minPriceCents}`);
  if (narrow.maxPriceCents != null) out.push(sql`${hourCents} <= ${narrow.maxPriceCents}`);
  if (narrow.minRating != null)
    out.push(sql`${rooms.ratingCount} > 0 and ${ratingTenths} >= ${narrow.minRating * 10}::numeric`);
  const wanted = [...new Set(narrow.facilities ?? [])];
  if (wanted.length)
    out.push(sql`(select count(*) from ${roomFacilities} rf join ${facilities} f on f.id = rf.facility_id
      where rf.room_id = ${rooms.id} and f.uuid in (${sql.join(
        wanted.map((u) => sql`${u}::uuid`),
        sql`, `,
      )})) = ${wanted.length}`);
  return out;
}

/**
 * How well the text names the room (0 best): a field that is the text, one that starts with it
 * (or has a word that does), then anywhere. "Pinheiros" finds the neighbourhood Pinheiros before
 * the clinic "Vida Plena Pinheiros", which comes before rooms that merely hold the letters.
 */
function textRank(
  value: string | undefined,
  field: SearchField,
  state: string | null | undefined,
): SQL | null {
  if (!value || state) return null;
  const fields = field === 'all' ? Object.values(folded) : [folded[field]];
  const v = sql`salas_fold(${value})`;
  const any = (test: (f: SQL) => SQL) =>
    sql.join(
      fields.map((f) => test(f)),
      sql` or `,
    );
  return sql`(case when ${any((f) => sql`${f} = ${v}`)} then 0
    when ${any((f) => sql`(' ' || ${f}) like '% ' || ${v} || '%'`)} then 1 else 2 end)`;
}

/**
 * How much of its time the room has free ahead (more first): its open hours minus the hours held
 * by bookings and blocks — over the searched day (on its clinic's clock), or without a date the
 * coming seven days. A cheap measure for ordering, not the slot rule (the date's filter and free
 * hours are exact).
 */
function freeHoursAhead(date: string | null | undefined, now: Date): SQL {
  const hours = (h: string) =>
    sql`coalesce(sum(extract(epoch from (case when ${sql.raw(h)}.closes_at = '23:59' then interval '24 hours'
      else ${sql.raw(h)}.closes_at - time '00:00' end) - (${sql.raw(h)}.opens_at - time '00:00')) / 3600), 0)`;
  const weekday = date ? sql` and h.weekday = ${weekdayOf(date)}` : sql``;
  const open = sql`(case when exists (select 1 from room_operating_hours x where x.room_id = ${rooms.id})
    then (select ${hours('h')} from room_operating_hours h where h.room_id = ${rooms.id}${weekday})
    else (select ${hours('h')} from clinic_opening_hours h where h.clinic_id = ${rooms.clinicId}${weekday}) end)`;
  const from = date
    ? sql`(${date}::date::timestamp at time zone ${clinics.timezone})`
    : sql`${now.toISOString()}::timestamptz`;
  const to = date
    ? sql`((${date}::date + 1)::timestamp at time zone ${clinics.timezone})`
    : sql`${new Date(now.getTime() + 7 * 86_400_000).toISOString()}::timestamptz`;
  const held = sql`(select coalesce(sum(extract(epoch from a.ends_at - a.starts_at) / 3600), 0) from appointments a
    where a.room_id = ${rooms.id} and a.starts_at >= ${from} and a.starts_at < ${to}
      and a.status in (${sql.raw(slotHoldingStatuses.map((v) => `'${v}'`).join(', '))}))`;
  const blocked = sql`(select coalesce(sum(extract(epoch from least(b.ends_at, ${to}) - greatest(b.starts_at, ${from})) / 3600), 0)
    from blocked_schedules b where b.room_id = ${rooms.id} and b.starts_at < ${to} and b.ends_at > ${from})`;
  return sql`(${open} - ${held} - ${blocked})`;
}

/**
 * The order of a search's rooms; ties end on the name and the id. Pinned rooms lead the relevance,
 * price and name orders; the rating and distance orders are what the person asked, measured, so
 * nothing goes before the best rated or the nearest.
 */
function orderTerms(
  what: SearchWhat,
  sort: SearchSort | undefined,
  free: { date?: string | null; now: Date },
): SQL[] {
  const pinned = sql`${rooms.fixed} desc`;
  // Names sort as people read them, whatever the database's collation.
  const name = sql`${rooms.nameFolded} asc`;
  const id = sql`${rooms.id} asc`;
  switch (sort) {
    case 'price_asc':
      return [pinned, sql`${rooms.pricePerMinute} asc`, name, id];
    case 'price_desc':
      return [pinned, sql`${rooms.pricePerMinute} desc`, name, id];
    case 'name':
      return [pinned, name, id];
    case 'rating':
      // Rooms without reviews last; among equal averages, the one more people reviewed.
      return [sql`${ratingTenths} desc nulls last`, sql`${rooms.ratingCount} desc`, name, id];
    case 'distance':
      // The service asks for it only with a point (the contract refuses it without).
      if (what.place?.near) return [sql`${distanceFrom(what.place.near)} asc`, name, id];
      return [pinned, name, id];
    default: {
      const rank = textRank(what.value, what.field, what.narrow.state);
      return [
        pinned,
        ...(rank ? [sql`${rank} asc`] : []),
        sql`${freeHoursAhead(free.date, free.now)} desc`,
        name,
        id,
      ];
    }
  }
}

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
 * Rooms of the search with a free hour on the date, a page of them in display order and how many
 * there are in all. The search's match (text and filters) is settled first (a materialized set,
 * ranked once), so the free-hour check runs only for its rooms.
 */
export async function freeRoomsPage(
  db: Executor,
  what: SearchWhat,
  sort: SearchSort | undefined,
  page: { limit: number; offset: number },
  free: FreeOn,
): Promise<{ ids: number[]; total: number }> {
  const cand = sql`with cand as materialized (
      select ${rooms.id} as room_id, ${rooms.clinicId} as clinic_id, ${clinics.timezone} as timezone,
             row_number() over (order by ${sql.join(orderTerms(what, sort, free), sql`, `)}) as rank,
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
      where ${sql.join([sql`${rooms.active}`, sql`${rooms.published}`, sql`partner.active`, ...searchConditions(what)], sql` and `)}
    )`;
  const isFree = sql`(c.room_id in (select room_id from settled) or ${freeSlotExists(free)})`;
  const rows = await queryRows<{ room_id: number; total: number }>(
    db,
    sql`${cand}${settledByCount(free)}
        select c.room_id, count(*) over () as total from cand c
        where ${isFree}
        order by c.rank limit ${page.limit} offset ${page.offset}`,
  );
  if (rows.length > 0) return { ids: rows.map((r) => Number(r.room_id)), total: Number(rows[0]!.total) };
  if (page.offset === 0) return { ids: [], total: 0 };
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`${cand}${settledByCount(free)} select count(*)::int as n from cand c where ${isFree}`,
  );
  return { ids: [], total: Number(count?.n ?? 0) };
}

/** Bookable rooms (active, published, of an active partner) of the search. */
const matching = (what: SearchWhat) => and(bookableRoomCondition(), ...searchConditions(what));

/** Bookable rooms of the search, pinned first, in display order (ids only); a page of them when asked. */
export async function matchingRooms(
  db: Executor,
  what: SearchWhat,
  sort?: SearchSort,
  page?: { limit: number; offset: number },
  now: Date = new Date(),
) {
  const query = db
    .select({ roomId: rooms.id, clinicId: rooms.clinicId, timezone: clinics.timezone })
    .from(rooms)
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .leftJoin(addresses, eq(addresses.id, clinics.addressId))
    .where(matching(what))
    .orderBy(...orderTerms(what, sort, { now }))
    .$dynamic();
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countMatchingRooms(db: Executor, what: SearchWhat): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(rooms)
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .leftJoin(addresses, eq(addresses.id, clinics.addressId))
    .where(matching(what));
  return rows[0]?.n ?? 0;
}

/**
 * What the filters offer for a search's text (its filters left out, so a picked option stays in
 * the list): the neighbourhoods and facilities of its rooms with how many rooms each, and the
 * range of their hour prices. One statement.
 */
export async function searchFacets(db: Executor, what: SearchWhat) {
  const base = sql`select ${rooms.id} as room_id, ${addresses.neighborhood} as neighborhood,
      ${addresses.neighborhoodFolded} as nfold, ${addresses.city} as city, ${hourCents} as cents
    from ${rooms}
    join ${clinics} on ${clinics.id} = ${rooms.clinicId}
    join ${users} partner on partner.id = ${clinics.partnerId}
    left join ${addresses} on ${addresses.id} = ${clinics.addressId}
    where ${sql.join(
      [
        sql`${rooms.active}`,
        sql`${rooms.published}`,
        sql`partner.active`,
        ...searchConditions({ ...what, narrow: { state: what.narrow.state } }),
      ],
      sql` and `,
    )}`;
  const [row] = await queryRows<{
    neighborhoods: { name: string; cities: string[]; count: number }[] | null;
    facilities: { uuid: string; name: string; count: number }[] | null;
    min: number | null;
    max: number | null;
  }>(
    db,
    sql`with m as materialized (${base})
      select
        (select json_agg(json_build_object('name', name, 'cities', cities, 'count', n) order by nfold)
           from (select nfold, min(neighborhood) as name, json_agg(distinct city) as cities, count(*)::int as n
                 from m where nfold is not null and nfold <> '' group by nfold) x) as neighborhoods,
        (select json_agg(json_build_object('uuid', uuid, 'name', name, 'count', n) order by lower(name))
           from (select f.uuid, f.name, count(*)::int as n from m
                 join ${roomFacilities} rf on rf.room_id = m.room_id
                 join ${facilities} f on f.id = rf.facility_id group by f.uuid, f.name) y) as facilities,
        (select min(cents)::int from m) as min, (select max(cents)::int from m) as max`,
  );
  return {
    neighborhoods: (row?.neighborhoods ?? []).map((n) => ({ ...n, cities: [...n.cities].sort() })),
    facilities: row?.facilities ?? [],
    price_cents: row?.min == null || row.max == null ? null : { min: Number(row.min), max: Number(row.max) },
  };
}

/**
 * Places and clinics of bookable rooms whose folded name holds the text — at a word's start
 * when the text is short — best first: the name that is the text, then one that starts with it,
 * then a word that does, then anywhere; cities before neighbourhoods before clinics; rooms more
 * first. States come from `stateRooms`.
 */
export async function suggestionRows(db: Executor, q: string, limit: number) {
  const v = sql`salas_fold(${q})`;
  const short = q.trim().length < 3;
  const rank = (f: SQL) => sql`(case when ${f} = ${v} then 0 when ${f} like ${v} || '%' then 1
    when ${f} like '% ' || ${v} || '%' then 2 else 3 end)`;
  const hit = (f: SQL) =>
    short ? sql`(${f} like ${v} || '%' or ${f} like '% ' || ${v} || '%')` : sql`${f} like '%' || ${v} || '%'`;
  const from = sql`from ${rooms}
    join ${clinics} on ${clinics.id} = ${rooms.clinicId}
    join ${users} partner on partner.id = ${clinics.partnerId}
    join ${addresses} on ${addresses.id} = ${clinics.addressId}
    where ${rooms.active} and ${rooms.published} and partner.active`;
  return queryRows<{
    kind: 'city' | 'neighborhood' | 'clinic';
    label: string;
    city: string;
    neighborhood: string;
    state: string;
    rank: number;
    n: number;
  }>(
    db,
    sql`select * from (
        select 'city' as kind, min(${addresses.city}) as label, min(${addresses.city}) as city, '' as neighborhood,
               ${addresses.state} as state, min(${rank(folded.city)}) as rank, count(*)::int as n, 1 as k
          ${from} and ${hit(folded.city)} group by ${addresses.cityFolded}, ${addresses.state}
        union all
        select 'neighborhood', min(${addresses.neighborhood}), min(${addresses.city}), min(${addresses.neighborhood}),
               ${addresses.state}, min(${rank(folded.neighborhood)}), count(*)::int, 2
          ${from} and ${hit(folded.neighborhood)}
          group by ${addresses.neighborhoodFolded}, ${addresses.cityFolded}, ${addresses.state}
        union all
        select 'clinic', min(${clinics.name}), min(${addresses.city}), min(${addresses.neighborhood}),
               min(${addresses.state}), min(${rank(folded.clinic)}), count(*)::int, 3
          ${from} and ${hit(folded.clinic)} group by ${clinics.id}
      ) s order by rank, k, n desc, label limit ${limit}`,
  );
}

/** The states that have bookable rooms, with how many. */
export async function stateRooms(db: Executor) {
  return queryRows<{ state: string; n: number }>(
    db,
    sql`select ${addresses.state} as state, count(*)::int as n from ${rooms}
      join ${clinics} on ${clinics.id} = ${rooms.clinicId}
      join ${users} partner on partner.id = ${clinics.partnerId}
      join ${addresses} on ${addresses.id} = ${clinics.addressId}
      where ${rooms.active} and ${rooms.published} and partner.active group by ${addresses.state}`,
  );
}

/**
 * What the slot rule needs of each room (hours, rules, zone, blocks and held ranges over
 * [from, to)), for a page of search results at once: four statements whatever the page's size.
 */
export async function slotDataOf(db: Executor, roomIds: number[], window: { from: Date; to: Date }) {
  if (roomIds.length === 0) return new Map<number, never>();
  const from = window.from.toISOString();
  const to = window.to.toISOString();
  const [meta, roomHours, clinicHours, blocks, held] = await Promise.all([
    db
      .select({ roomId: rooms.id, clinicId: rooms.clinicId, timezone: clinics.timezone, rules: rulesJson() })
      .from(rooms)
      .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
      .where(inArray(rooms.id, roomIds)),
    db.select().from(roomOperatingHours).where(inArray(roomOperatingHours.roomId, roomIds)),
    db
      .select({
        clinicId: clinicOpeningHours.clinicId,
        weekday: clinicOpeningHours.weekday,
        opensAt: clinicOpeningHours.opensAt,
        closesAt: clinicOpeningHours.closesAt,
      })
      .from(clinicOpeningHours)
      .innerJoin(rooms, eq(rooms.clinicId, clinicOpeningHours.clinicId))
      .where(inArray(rooms.id, roomIds)),
    db
      .select({
        roomId: blockedSchedules.roomId,
        startsAt: blockedSchedules.startsAt,
        endsAt: blockedSchedules.endsAt,
      })
      .from(blockedSchedules)
      .where(
        and(
          inArray(blockedSchedules.roomId, roomIds),
          sql`${blockedSchedules.startsAt} < ${to}::timestamptz`,
          sql`${blockedSchedules.endsAt} > ${from}::timestamptz`,
        ),
      ),
    queryRows<{ room_id: number; start: number; until: number }>(
      db,
      sql`select ${appointments.roomId} as room_id,
          (extract(epoch from ${appointments.startsAt}) * 1000)::bigint as start,
          (extract(epoch from ${appointments.endsAt} + make_interval(mins => ${appointments.bufferMinutes})) * 1000)::bigint as until
        from ${appointments}
        where ${inArray(appointments.roomId, roomIds)}
          and ${appointments.status} in (${sql.join(
            slotHoldingStatuses.map((st) => sql`${st}`),
            sql`, `,
          )})
          and ${appointments.startsAt} >= ${from}::timestamptz and ${appointments.startsAt} < ${to}::timestamptz`,
    ),
  ]);
  const hour = (h: { weekday: number; opensAt: string; closesAt: string }) => h;
  return new Map(
    meta.map((m) => [
      m.roomId,
      {
        timezone: m.timezone,
        rules: m.rules,
        roomHours: roomHours.filter((h) => h.roomId === m.roomId).map(hour),
        // The clinic's hours came once per room of the clinic: one room's copy.
        clinicHours: dedupe(clinicHours.filter((h) => h.clinicId === m.clinicId).map(hour)),
        blocks: blocks.filter((b) => b.roomId === m.roomId),
        held: held
          .filter((h) => Number(h.room_id) === m.roomId)
          .map((h) => ({ start: Number(h.start), until: Number(h.until) })),
      },
    ]),
  );
}

const dedupe = <T extends { weekday: number; opensAt: string; closesAt: string }>(rows: T[]) => {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = `${r.weekday} ${r.opensAt} ${r.closesAt}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

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
