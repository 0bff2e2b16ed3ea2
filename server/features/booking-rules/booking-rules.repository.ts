import { eq } from 'drizzle-orm';
import type { BookingRules } from '#common/domain/booking-rules';
import type { Executor } from '../../db/client.ts';
import { clinics, rooms } from '../../db/schema.ts';

type Own = { [K in keyof BookingRules]: number | null };
type RuleColumns = {
  slotMinutes: number | null;
  minBookingMinutes: number | null;
  bufferMinutes: number | null;
  maxDaysAhead: number | null;
  minNoticeMinutes: number | null;
};

const fromColumns = (row: RuleColumns): Own => ({
  slot_minutes: row.slotMinutes,
  min_booking_minutes: row.minBookingMinutes,
  buffer_minutes: row.bufferMinutes,
  max_days_ahead: row.maxDaysAhead,
  min_notice_minutes: row.minNoticeMinutes,
});
const toColumns = (rules: Own): RuleColumns => ({
  slotMinutes: rules.slot_minutes,
  minBookingMinutes: rules.min_booking_minutes,
  bufferMinutes: rules.buffer_minutes,
  maxDaysAhead: rules.max_days_ahead,
  minNoticeMinutes: rules.min_notice_minutes,
});

export const clinicRules = (clinic: typeof clinics.$inferSelect): BookingRules =>
  fromColumns(clinic) as BookingRules;
export const roomOwnRules = (room: typeof rooms.$inferSelect): Own => fromColumns(room);

export async function updateClinicRules(db: Executor, clinicId: number, rules: BookingRules, now: Date) {
  await db
    .update(clinics)
    .set({ ...(toColumns(rules) as Required<{ [K in keyof RuleColumns]: number }>), updatedAt: now })
    .where(eq(clinics.id, clinicId));
}

export async function updateRoomRules(db: Executor, roomId: number, rules: Own, now: Date) {
  await db
    .update(rooms)
    .set({ ...toColumns(rules), updatedAt: now })
    .where(eq(rooms.id, roomId));
}

/** The clinic's rooms with their own rules, to check them against new clinic defaults. */
export async function roomsOwnRules(db: Executor, clinicId: number) {
  const rows = await db.select().from(rooms).where(eq(rooms.clinicId, clinicId));
  return rows.map((room) => ({ name: room.name, ...roomOwnRules(room) }));
}
