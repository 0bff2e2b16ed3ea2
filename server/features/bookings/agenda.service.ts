/** The partner's agenda: appointments of its rooms by clinic, room and period; status changes. */
import { and, asc, count, eq, gt, inArray, ne, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { CalendarQuery, PartnerCalendar } from '#common/contracts/agenda';
import type { PartnerAppointment, statusUpdateBody } from '#common/contracts/booking';
import type { PageMeta } from '#common/contracts/rooms';
import { supplyMessages } from '#common/contracts/supply';
import { AppError } from '#common/errors';
import { toZonedIso } from '#common/time/zone';
import {
  appointments,
  blockedSchedules,
  bookings,
  clinics,
  payments,
  rooms,
  users,
} from '../../db/schema.ts';
import { onDaysIn, overlapsDaysIn } from '../../lib/clinic-days.ts';
import { pageMeta } from '../../lib/paging.ts';
import type { Services } from '../../services.ts';
import type { UserRow } from '../auth/user.repository.ts';
import { partnerSetStatus } from '../lifecycle/lifecycle.service.ts';
import { outsideOf } from './outside-booking.service.ts';

const notFound = () => new AppError('not_found', supplyMessages.notFound);

export interface AgendaFilter {
  dateInit?: string;
  dateEnd?: string;
  clinicUuid?: string;
  roomUuid?: string;
}

/**
 * A clinic or room a partner route names is the partner's, and the room is in that clinic: another
 * partner's answers 404 like an unknown one (DESIGN §10), never an empty list.
 */
async function requireOwnScope(s: Services, partner: UserRow, f: { clinicUuid?: string; roomUuid?: string }) {
  if (f.clinicUuid) {
    const [clinic] = await s.db
      .select({ id: clinics.id })
      .from(clinics)
      .where(and(eq(clinics.uuid, f.clinicUuid), eq(clinics.partnerId, partner.id)))
      .limit(1);
    if (!clinic) throw notFound();
  }
  if (f.roomUuid) {
    const [room] = await s.db
      .select({ id: rooms.id })
      .from(rooms)
      .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
      .where(
        and(
          eq(rooms.uuid, f.roomUuid),
          eq(clinics.partnerId, partner.id),
          f.clinicUuid ? eq(clinics.uuid, f.clinicUuid) : undefined,
        ),
      )
      .limit(1);
    if (!room) throw notFound();
  }
}

export async function partnerAgenda(
  s: Services,
  partner: UserRow,
  f: AgendaFilter,
  page: number,
  perPage: number,
): Promise<{ data: PartnerAppointment[]; meta: PageMeta }> {
  await requireOwnScope(s, partner, f);
  const filters: SQL[] = [eq(clinics.partnerId, partner.id)];
  if (f.clinicUuid) filters.push(eq(clinics.uuid, f.clinicUuid));
  if (f.roomUuid) filters.push(eq(rooms.uuid, f.roomUuid));
  // Days on each clinic's own clock: 23:30 in Manaus is that day's, not São Paulo's next one.
  if (f.dateInit || f.dateEnd) filters.push(onDaysIn(appointments.startsAt, clinics.timezone, f));
  const where = and(...filters);
  const base = s.db
    .select({ n: count() })
    .from(appointments)
    .innerJoin(rooms, eq(rooms.id, appointments.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(where);
  const [{ n: total } = { n: 0 }] = await base;
  const rows = await agendaRows(s, where)
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    data: rows.map(toPartnerAppointment),
    meta: pageMeta(total, page, perPage),
  };
}

/**
 * The calendar's range at once (issue 31): every appointment of the partner's rooms that starts in
 * it — whatever its status, outside bookings and horário fixo hours included — and the blocks that
 * touch it, the days read on each clinic's clock (issue 42). The range is bounded by the contract
 * (CALENDAR_MAX_DAYS), so no paging.
 */
export async function partnerCalendar(
  s: Services,
  partner: UserRow,
  q: CalendarQuery,
): Promise<PartnerCalendar> {
  await requireOwnScope(s, partner, { clinicUuid: q.clinic, roomUuid: q.room });
  const days = { dateInit: q.dateInit, dateEnd: q.dateEnd };
  const mine = and(
    eq(clinics.partnerId, partner.id),
    q.clinic ? eq(clinics.uuid, q.clinic) : undefined,
    q.room ? eq(rooms.uuid, q.room) : undefined,
  );
  const [rows, blocks] = await Promise.all([
    agendaRows(
      s,
      and(mine, onDaysIn(appointments.startsAt, clinics.timezone, days), ne(appointments.status, 'expired')),
    ),
    s.db
      .select({ block: blockedSchedules, room: rooms, timezone: clinics.timezone })
      .from(blockedSchedules)
      .innerJoin(rooms, eq(rooms.id, blockedSchedules.roomId))
      .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
      .where(
        and(mine, overlapsDaysIn(blockedSchedules.startsAt, blockedSchedules.endsAt, clinics.timezone, days)),
      )
      .orderBy(asc(blockedSchedules.startsAt)),
  ]);
  return {
    appointments: rows.map(toPartnerAppointment),
    blocks: blocks.map(({ block, room, timezone }) => ({
      uuid: block.uuid,
      room_uuid: room.uuid,
      room_name: room.name,
      starts_at: toZonedIso(block.startsAt, timezone),
      ends_at: toZonedIso(block.endsAt, timezone),
      reason: block.reason,
    })),
  };
}

/** Appointments with their room, clinic, specialist and payment method, in time order. */
function agendaRows(s: Services, where: SQL | undefined) {
  return s.db
    .select({
      a: appointments,
      room: rooms,
      clinic: clinics,
      customer: users,
      booking: bookings,
      paymentStatus: payments.status,
    })
    .from(appointments)
    .innerJoin(rooms, eq(rooms.id, appointments.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .innerJoin(users, eq(users.id, appointments.customerId))
    .innerJoin(bookings, eq(bookings.id, appointments.bookingId))
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .where(where)
    .orderBy(asc(appointments.startsAt))
    .$dynamic();
}

type AgendaRow = Awaited<ReturnType<typeof agendaRows>>[number];
const toPartnerAppointment = ({
  a,
  room,
  clinic,
  customer,
  booking,
  paymentStatus,
}: AgendaRow): PartnerAppointment => ({
  uuid: a.uuid,
  date_time: toZonedIso(a.startsAt, clinic.timezone),
  ends_at: toZonedIso(a.endsAt, clinic.timezone),
  status: a.status,
  amount_cents: a.priceCents,
  payment_method: booking.paymentMethod,
  room: { uuid: room.uuid, name: room.name },
  clinic: { uuid: clinic.uuid, name: clinic.name },
  customer: { uuid: customer.uuid, name: customer.name, email: customer.email },
  series: booking.seriesId !== null,
  payment_status: paymentStatus,
  booking_uuid: booking.uuid,
  outside: outsideOf(booking),
});

/** A partner's appointments that still hold an hour to come (what suspending it leaves or cancels). */
export async function partnerFutureAppointments(s: Services, partnerId: number) {
  const rows = await agendaRows(
    s,
    and(
      eq(clinics.partnerId, partnerId),
      inArray(appointments.status, ['pending_payment', 'confirmed']),
      gt(appointments.endsAt, s.clock()),
    ),
  );
  return rows.map((r) => ({ ...toPartnerAppointment(r), id: r.a.id, bookingId: r.a.bookingId }));
}

/** The partner's status menu, through the lifecycle's table (a cancellation refunds in full). */
export async function updateStatus(
  s: Services,
  partner: UserRow,
  uuid: string,
  body: z.output<typeof statusUpdateBody>,
) {
  const [row] = await s.db
    .select({ id: appointments.id, bookingId: appointments.bookingId, startsAt: appointments.startsAt })
    .from(appointments)
    .innerJoin(rooms, eq(rooms.id, appointments.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(and(eq(appointments.uuid, uuid), eq(clinics.partnerId, partner.id)))
    .limit(1);
  if (!row) throw notFound();
  if (new Date(body.date_time).getTime() !== row.startsAt.getTime()) {
    throw new AppError('validation', 'O horário não corresponde ao agendamento.', {
      errors: { date_time: ['O horário não corresponde ao agendamento.'] },
    });
  }
  return partnerSetStatus(s, partner.id, row.bookingId, row.id, body.status);
}
