/** The partner's agenda: appointments of its rooms by clinic, room and period; status changes. */
import { and, asc, count, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { PartnerAppointment, statusUpdateBody } from '#common/contracts/booking';
import type { PageMeta } from '#common/contracts/rooms';
import { supplyMessages } from '#common/contracts/supply';
import { AppError } from '#common/errors';
import { addDays, toZonedIso, zonedInstant } from '#common/time/zone';
import type { Services } from '../../app.ts';
import { appointments, bookings, clinics, payments, rooms, users } from '../../db/schema.ts';
import { renderMail } from '../../lib/mail-template.ts';
import { pageMeta } from '../../lib/paging.ts';
import type { UserRow } from '../auth/user.repository.ts';

const ZONE = 'America/Sao_Paulo';
const notFound = () => new AppError('not_found', supplyMessages.notFound);

export interface AgendaFilter {
  dateInit?: string;
  dateEnd?: string;
  clinicUuid?: string;
  roomUuid?: string;
}

export async function partnerAgenda(
  s: Services,
  partner: UserRow,
  f: AgendaFilter,
  page: number,
  perPage: number,
): Promise<{ data: PartnerAppointment[]; meta: PageMeta }> {
  const filters: SQL[] = [eq(clinics.partnerId, partner.id)];
  if (f.clinicUuid) filters.push(eq(clinics.uuid, f.clinicUuid));
  if (f.roomUuid) filters.push(eq(rooms.uuid, f.roomUuid));
  if (f.dateInit) filters.push(gte(appointments.startsAt, zonedInstant(f.dateInit, '00:00', ZONE)));
  if (f.dateEnd) filters.push(lt(appointments.startsAt, zonedInstant(addDays(f.dateEnd, 1), '00:00', ZONE)));
  const where = and(...filters);
  const base = s.db
    .select({ n: count() })
    .from(appointments)
    .innerJoin(rooms, eq(rooms.id, appointments.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(where);
  const [{ n: total } = { n: 0 }] = await base;
  const rows = await s.db
    .select({
      a: appointments,
      room: rooms,
      clinic: clinics,
      customer: users,
      method: bookings.paymentMethod,
    })
    .from(appointments)
    .innerJoin(rooms, eq(rooms.id, appointments.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .innerJoin(users, eq(users.id, appointments.customerId))
    .innerJoin(bookings, eq(bookings.id, appointments.bookingId))
    .where(where)
    .orderBy(asc(appointments.startsAt))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    data: rows.map(({ a, room, clinic, customer, method }) => ({
      uuid: a.uuid,
      date_time: toZonedIso(a.startsAt, clinic.timezone),
      status: a.status,
      amount_cents: a.priceCents,
      payment_method: method,
      room: { uuid: room.uuid, name: room.name },
      clinic: { uuid: clinic.uuid, name: clinic.name },
      customer: { uuid: customer.uuid, name: customer.name, email: customer.email },
    })),
    meta: pageMeta(total, page, perPage),
  };
}

/** A partner's cancellation refunds in full and tells the specialist. */
export async function updateStatus(
  s: Services,
  partner: UserRow,
  uuid: string,
  body: z.output<typeof statusUpdateBody>,
) {
  const [row] = await s.db
    .select({ a: appointments, room: rooms, clinic: clinics, customer: users })
    .from(appointments)
    .innerJoin(rooms, eq(rooms.id, appointments.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .innerJoin(users, eq(users.id, appointments.customerId))
    .where(and(eq(appointments.uuid, uuid), eq(clinics.partnerId, partner.id)))
    .limit(1);
  if (!row) throw notFound();
  const { a } = row;
  if (new Date(body.date_time).getTime() !== a.startsAt.getTime()) {
    throw new AppError('validation', 'O horário não corresponde ao agendamento.', {
      errors: { date_time: ['O horário não corresponde ao agendamento.'] },
    });
  }
  if (a.status === 'canceled' || a.status === 'expired') {
    throw new AppError('conflict', 'Este agendamento já foi encerrado.', {
      errors: { status: ['Este agendamento já foi encerrado.'] },
    });
  }
  const now = s.clock();
  let refund = 0;
  if (body.status === 'canceled') {
    const [payment] = await s.db.select().from(payments).where(eq(payments.bookingId, a.bookingId));
    if (payment?.status === 'paid' || payment?.status === 'partially_refunded') {
      refund = a.priceCents;
      if (payment.providerRef) await s.payments.refund(payment.providerRef, refund);
      const refunded = payment.refundedCents + refund;
      await s.db
        .update(payments)
        .set({
          refundedCents: refunded,
          status: refunded >= payment.amountCents ? 'refunded' : 'partially_refunded',
          updatedAt: now,
        })
        .where(eq(payments.id, payment.id));
    }
  }
  await s.db
    .update(appointments)
    .set({
      status: body.status,
      updatedAt: now,
      ...(body.status === 'canceled' ? { canceledAt: now, canceledBy: partner.id, refundCents: refund } : {}),
    })
    .where(eq(appointments.id, a.id));
  if (body.status === 'canceled') {
    const when = toZonedIso(a.startsAt, row.clinic.timezone);
    await s.mailer.send({
      to: row.customer.email,
      ...renderMail({
        subject: 'Sua reserva foi cancelada pela clínica — Salas',
        greeting: `Olá, ${row.customer.name.split(' ')[0]}!`,
        paragraphs: [
          `A clínica ${row.clinic.name} cancelou sua reserva da ${row.room.name} de ${when.slice(8, 10)}/${when.slice(5, 7)}/${when.slice(0, 4)} às ${when.slice(11, 16)}.`,
          refund > 0
            ? 'O valor pago será devolvido integralmente pelo mesmo meio de pagamento.'
            : 'Não houve cobrança para este horário.',
        ],
      }),
    });
  }
  return { uuid: a.uuid, status: body.status, refund_cents: refund };
}
