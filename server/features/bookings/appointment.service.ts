/** A specialist's own appointments: list by period and cancel (DESIGN §5 cancellation policy). */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { FREE_CANCELLATION_HOURS, type MyAppointment } from '#common/contracts/booking';
import type { PageMeta } from '#common/contracts/rooms';
import { supplyMessages } from '#common/contracts/supply';
import { allowedMoves } from '#common/domain/lifecycle';
import { AppError } from '#common/errors';
import { toZonedIso } from '#common/time/zone';
import { appointments, bookings, clinics, rooms } from '../../db/schema.ts';
import { onDaysIn } from '../../lib/clinic-days.ts';
import { pageMeta } from '../../lib/paging.ts';
import type { Services } from '../../services.ts';
import type { UserRow } from '../auth/user.repository.ts';
import { type CancelResult, cancelAppointment } from '../lifecycle/lifecycle.service.ts';

const refundable = (startsAt: Date, now: Date) =>
  startsAt.getTime() - now.getTime() >= FREE_CANCELLATION_HOURS * 3_600_000;

export async function listMyAppointments(
  s: Services,
  user: UserRow,
  range: { dateInit?: string | null; dateEnd?: string | null },
  page: number,
  perPage: number,
): Promise<{ data: MyAppointment[]; meta: PageMeta }> {
  const filters = [
    eq(appointments.customerId, user.id),
    // Hours a partner recorded for someone off the platform are its rooms' agenda, not its own bookings.
    sql`not exists (select 1 from bookings b where b.id = ${appointments.bookingId} and b.payment_method = 'manual')`,
  ];
  // A day is the clinic's: 23:30 in Manaus is listed on that day, not on São Paulo's next one.
  if (range.dateInit || range.dateEnd) filters.push(onDaysIn(appointments.startsAt, clinics.timezone, range));
  const where = and(...filters);
  const [{ total } = { total: 0 }] = await s.db
    .select({ total: count() })
    .from(appointments)
    .innerJoin(rooms, eq(rooms.id, appointments.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(where);
  const now = s.clock();
  // The next booking first: coming hours from the nearest on, then the past from the latest back.
  const past = sql`${appointments.startsAt} < ${now}`;
  const rows = await s.db
    .select({ a: appointments, room: rooms, clinic: clinics, method: bookings.paymentMethod })
    .from(appointments)
    .innerJoin(rooms, eq(rooms.id, appointments.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .innerJoin(bookings, eq(bookings.id, appointments.bookingId))
    .where(where)
    .orderBy(
      past,
      sql`case when ${past} then null else ${appointments.startsAt} end asc`,
      desc(appointments.startsAt),
      desc(appointments.id),
    )
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    data: rows.map(({ a, room, clinic, method }) => ({
      uuid: a.uuid,
      date_time: toZonedIso(a.startsAt, clinic.timezone),
      status: a.status,
      amount_cents: a.priceCents,
      refund_cents: a.refundCents,
      payment_method: method,
      room: { uuid: room.uuid, name: room.name },
      clinic: { uuid: clinic.uuid, name: clinic.name },
      refundable: refundable(a.startsAt, now),
      cancelable: allowedMoves(a.status, 'customer', a, now).includes('canceled'),
    })),
    meta: pageMeta(total, page, perPage),
  };
}

export async function cancelMyAppointment(s: Services, user: UserRow, uuid: string): Promise<CancelResult> {
  const [row] = await s.db
    .select({ id: appointments.id, bookingId: appointments.bookingId })
    .from(appointments)
    .where(and(eq(appointments.uuid, uuid), eq(appointments.customerId, user.id)))
    .limit(1);
  if (!row) throw new AppError('not_found', supplyMessages.notFound);
  return cancelAppointment(s, { kind: 'customer', userId: user.id }, row.bookingId, row.id);
}
