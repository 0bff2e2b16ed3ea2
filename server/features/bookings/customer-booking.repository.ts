/**
 * The reads behind the specialist's bookings (decision 0037): the rows of "Meus agendamentos" — one
 * per booking, one per horário fixo — in the order people read them, and what one booking shows.
 */
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import {
  addresses,
  appointments,
  bookings,
  cards,
  clinics,
  payments,
  refunds,
  rooms,
  series,
} from '../../db/schema.ts';
import { type DayRange, onDaysIn } from '../../lib/clinic-days.ts';

export interface RowKey {
  seriesId: number | null;
  bookingId: number | null;
}

/**
 * One key per booking outside a series and one per series, among the person's bookings with an
 * hour on one of the days (each read on its clinic's clock): the coming ones first from the nearest
 * on, then the past from the latest back (as the hours were listed before). Answers the page's keys
 * and how many there are in all.
 */
export async function bookingRowKeys(
  db: Executor,
  q: { customerId: number; now: Date; days: DayRange; limit: number; offset: number },
): Promise<{ keys: RowKey[]; total: number }> {
  const now = q.now.toISOString();
  // Hours a partner recorded for someone off the platform are its rooms' agenda, not its own bookings.
  const filters: SQL[] = [sql`b.customer_id = ${q.customerId}`, sql`b.payment_method <> 'manual'`];
  const dated = Boolean(q.days.dateInit || q.days.dateEnd);
  if (dated) filters.push(onDaysIn(sql`a.starts_at`, sql`c.timezone`, q.days));
  const where = sql.join(filters, sql` and `);
  const place = dated ? sql`join rooms r on r.id = a.room_id join clinics c on c.id = r.clinic_id` : sql``;
  const groups = sql`from appointments a join bookings b on b.id = a.booking_id ${place} where ${where}
    group by b.series_id, (case when b.series_id is null then b.id end)`;
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 ${groups}) g`,
  );
  const rows = await queryRows<{ series_id: number | null; booking_id: number | null }>(
    db,
    sql`select b.series_id, (case when b.series_id is null then b.id end) as booking_id ${groups}
        order by (max(a.starts_at) < ${now}::timestamptz),
          min(a.starts_at) filter (where a.starts_at >= ${now}::timestamptz) asc nulls last,
          max(a.starts_at) desc, max(b.id) desc
        limit ${q.limit} offset ${q.offset}`,
  );
  return {
    total: Number(count?.n ?? 0),
    keys: rows.map((r) => ({
      seriesId: r.series_id === null ? null : Number(r.series_id),
      bookingId: r.booking_id === null ? null : Number(r.booking_id),
    })),
  };
}

/** Bookings with their room, clinic and payment (none for a booking recorded by hand). */
export function bookingsWithPlace(db: Executor, where: SQL | undefined) {
  return db
    .select({ booking: bookings, room: rooms, clinic: clinics, payment: payments })
    .from(bookings)
    .innerJoin(rooms, eq(rooms.id, bookings.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .where(where);
}

export function hoursOfBookings(db: Executor, bookingIds: number[]) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(appointments)
    .where(inArray(appointments.bookingId, bookingIds))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}

export function refundsOfPayments(db: Executor, paymentIds: number[]) {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return db.select().from(refunds).where(inArray(refunds.paymentId, paymentIds)).orderBy(asc(refunds.id));
}

/** The person's series among `ids`, with room and clinic. */
export function seriesWithPlace(db: Executor, customerId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ series, room: rooms, clinic: clinics })
    .from(series)
    .innerJoin(rooms, eq(rooms.id, series.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(and(inArray(series.id, ids), eq(series.customerId, customerId)));
}

/** Every hour of these series' months, with the month's booking. */
export function hoursOfSeries(db: Executor, seriesIds: number[]) {
  if (seriesIds.length === 0) return Promise.resolve([]);
  return db
    .select({ seriesId: bookings.seriesId, hour: appointments })
    .from(appointments)
    .innerJoin(bookings, eq(bookings.id, appointments.bookingId))
    .where(inArray(bookings.seriesId, seriesIds))
    .orderBy(asc(appointments.startsAt));
}

export async function clinicAddress(db: Executor, addressId: number | null) {
  if (addressId === null) return null;
  const [row] = await db.select().from(addresses).where(eq(addresses.id, addressId));
  return row ?? null;
}

export async function cardById(db: Executor, cardId: number | null) {
  if (cardId === null) return null;
  const [row] = await db
    .select({ brand: cards.brand, last4: cards.last4 })
    .from(cards)
    .where(eq(cards.id, cardId));
  return row ?? null;
}

export async function seriesUuid(db: Executor, seriesId: number | null) {
  if (seriesId === null) return null;
  const [row] = await db.select({ uuid: series.uuid }).from(series).where(eq(series.id, seriesId));
  return row?.uuid ?? null;
}
