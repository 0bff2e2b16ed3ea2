import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { BookingRules } from '#common/domain/booking-rules';
import type { Executor } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import {
  appointments,
  blockedSchedules,
  clinicOpeningHours,
  clinics,
  roomOperatingHours,
  rooms,
  slotHoldingStatuses,
} from '../../db/schema.ts';
import { bookableRoomCondition } from './bookable-room.ts';

export interface RoomRef {
  roomId: number;
  clinicId: number;
}

const hoursJson = (table: typeof roomOperatingHours | typeof clinicOpeningHours, owner: SQL) =>
  sql<
    [number, string, string][]
  >`coalesce((select json_agg(json_build_array(${table.weekday}, ${table.opensAt}, ${table.closesAt}))
    from ${table} where ${owner}), '[]')`;
const from = sql`${sql.placeholder('from')}::timestamptz`;
const to = sql`${sql.placeholder('to')}::timestamptz`;
/** Instants as epoch milliseconds inside JSON (a number, whatever the session's zone). */
const epochMs = (column: SQL | typeof appointments.startsAt) =>
  sql`(extract(epoch from ${column}) * 1000)::bigint`;

/**
 * One room's availability in one statement (one round trip, prepared once per database): the
 * room if bookable, its hours and its clinic's, its blocks and held starts over [from, to).
 */
const roomSlotDataQuery = preparedPerDatabase((db) =>
  db
    .select({
      roomId: rooms.id,
      timezone: clinics.timezone,
      rules: rulesJson(),
      roomHours: hoursJson(roomOperatingHours, sql`${roomOperatingHours.roomId} = ${rooms.id}`),
      clinicHours: hoursJson(clinicOpeningHours, sql`${clinicOpeningHours.clinicId} = ${clinics.id}`),
      blocks: sql<
        [number, number][]
      >`coalesce((select json_agg(json_build_array(${epochMs(sql`${blockedSchedules.startsAt}`)}, ${epochMs(sql`${blockedSchedules.endsAt}`)}))
        from ${blockedSchedules} where ${blockedSchedules.roomId} = ${rooms.id}
        and ${blockedSchedules.startsAt} < ${to} and ${blockedSchedules.endsAt} > ${from}), '[]')`,
      held: sql<
        [number, number][]
      >`coalesce((select json_agg(json_build_array(${epochMs(sql`${appointments.startsAt}`)}, ${epochMs(sql`${appointments.endsAt} + make_interval(mins => ${appointments.bufferMinutes})`)}))
        from ${appointments} where ${appointments.roomId} = ${rooms.id}
        and ${appointments.status} in (${sql.join(
          slotHoldingStatuses.map((st) => sql`${st}`),
          sql`, `,
        )})
        and ${appointments.startsAt} >= ${from} and ${appointments.startsAt} < ${to}), '[]')`,
    })
    .from(rooms)
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(
      and(
        eq(rooms.uuid, sql.placeholder('uuid')),
        // The owner (0: nobody) previews its draft's hours too (decision 0038).
        or(bookableRoomCondition(), eq(clinics.partnerId, sql.placeholder('owner'))),
      ),
    )
    .limit(1)
    .prepare('room_slot_data'),
);

/** The room's booking rules, each its own or its clinic's (decision 0023), as one JSON object. */
export const rulesJson = () =>
  sql<BookingRules>`json_build_object(
    'slot_minutes', coalesce(${rooms.slotMinutes}, ${clinics.slotMinutes}),
    'min_booking_minutes', coalesce(${rooms.minBookingMinutes}, ${clinics.minBookingMinutes}),
    'buffer_minutes', coalesce(${rooms.bufferMinutes}, ${clinics.bufferMinutes}),
    'max_days_ahead', coalesce(${rooms.maxDaysAhead}, ${clinics.maxDaysAhead}),
    'min_notice_minutes', coalesce(${rooms.minNoticeMinutes}, ${clinics.minNoticeMinutes}))`;

/**
 * Hours of the room and its clinic, its rules, blocks and held ranges over [from, to); undefined
 * if not bookable — unless `ownerId` owns it (its partner previewing a draft, decision 0038).
 */
export async function roomSlotData(
  db: Executor,
  uuid: string,
  window: { from: Date; to: Date },
  ownerId?: number,
) {
  const [row] = await roomSlotDataQuery(db).execute({
    uuid,
    owner: ownerId ?? 0,
    from: window.from.toISOString(),
    to: window.to.toISOString(),
  });
  if (!row) return undefined;
  const hours = (rows: [number, string, string][]) =>
    rows.map(([weekday, opensAt, closesAt]) => ({ weekday, opensAt, closesAt }));
  return {
    timezone: row.timezone,
    rules: row.rules,
    roomHours: hours(row.roomHours),
    clinicHours: hours(row.clinicHours),
    blocks: row.blocks.map(([a, b]) => ({ startsAt: new Date(Number(a)), endsAt: new Date(Number(b)) })),
    held: row.held.map(([start, until]) => ({ start: Number(start), until: Number(until) })),
  };
}

/** Operating hours of the rooms and opening hours of their clinics. */
export async function hoursOf(db: Executor, refs: RoomRef[]) {
  if (refs.length === 0) return { roomHours: [], clinicHours: [] };
  const [roomHours, clinicHours] = await Promise.all([
    db
      .select()
      .from(roomOperatingHours)
      .where(
        inArray(
          roomOperatingHours.roomId,
          refs.map((r) => r.roomId),
        ),
      ),
    db
      .select()
      .from(clinicOpeningHours)
      .where(inArray(clinicOpeningHours.clinicId, [...new Set(refs.map((r) => r.clinicId))])),
  ]);
  return { roomHours, clinicHours };
}
