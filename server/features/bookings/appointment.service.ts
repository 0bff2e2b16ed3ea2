/** A specialist's own appointments: list by period and cancel (DESIGN §5 cancellation policy). */
import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { cancelMessages, FREE_CANCELLATION_HOURS, type MyAppointment } from '#common/contracts/booking';
import type { PageMeta } from '#common/contracts/rooms';
import { supplyMessages } from '#common/contracts/supply';
import { AppError } from '#common/errors';
import { formatBrl } from '#common/money';
import { addDays, toZonedIso, zonedInstant } from '#common/time/zone';
import type { Services } from '../../app.ts';
import { appointments, bookings, clinics, payments, rooms } from '../../db/schema.ts';
import { renderMail } from '../../lib/mail-template.ts';
import { pageMeta } from '../../lib/paging.ts';
import type { UserRow } from '../auth/user.repository.ts';

const ZONE = 'America/Sao_Paulo';
const CANCELABLE: ('confirmed' | 'pending_payment')[] = ['confirmed', 'pending_payment'];

const refundable = (startsAt: Date, now: Date) =>
  startsAt.getTime() - now.getTime() > FREE_CANCELLATION_HOURS * 3_600_000;

export async function listMyAppointments(
  s: Services,
  user: UserRow,
  range: { dateInit?: string | null; dateEnd?: string | null },
  page: number,
  perPage: number,
): Promise<{ data: MyAppointment[]; meta: PageMeta }> {
  const filters = [eq(appointments.customerId, user.id)];
  if (range.dateInit) filters.push(gte(appointments.startsAt, zonedInstant(range.dateInit, '00:00', ZONE)));
  if (range.dateEnd)
    filters.push(lt(appointments.startsAt, zonedInstant(addDays(range.dateEnd, 1), '00:00', ZONE)));
  const where = and(...filters);
  const [{ total } = { total: 0 }] = await s.db.select({ total: count() }).from(appointments).where(where);
  const rows = await s.db
    .select({ a: appointments, room: rooms, clinic: clinics, method: bookings.paymentMethod })
    .from(appointments)
    .innerJoin(rooms, eq(rooms.id, appointments.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .innerJoin(bookings, eq(bookings.id, appointments.bookingId))
    .where(where)
    .orderBy(desc(appointments.startsAt))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const now = s.clock();
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
      cancelable: (CANCELABLE as string[]).includes(a.status) && a.startsAt > now,
    })),
    meta: pageMeta(total, page, perPage),
  };
}

export async function cancelMyAppointment(s: Services, user: UserRow, uuid: string) {
  const [row] = await s.db
    .select({ a: appointments, room: rooms, clinic: clinics })
    .from(appointments)
    .innerJoin(rooms, eq(rooms.id, appointments.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(and(eq(appointments.uuid, uuid), eq(appointments.customerId, user.id)))
    .limit(1);
  if (!row) throw new AppError('not_found', supplyMessages.notFound);
  const now = s.clock();
  const { a } = row;
  if (!(CANCELABLE as string[]).includes(a.status) || a.startsAt <= now) {
    throw new AppError('conflict', cancelMessages.notCancelable, {
      errors: { appointment: [cancelMessages.notCancelable] },
    });
  }
  const [payment] = await s.db.select().from(payments).where(eq(payments.bookingId, a.bookingId));
  const refund =
    a.status === 'confirmed' && payment?.status !== 'pending' && refundable(a.startsAt, now)
      ? a.priceCents
      : 0;
  if (refund > 0 && payment?.providerRef) {
    const result = await s.payments.refund(payment.providerRef, refund);
    if (!result.ok)
      throw new AppError(
        'conflict',
        'O reembolso não foi aceito pelo provedor de pagamento. Tente novamente.',
      );
  }
  const updated = await s.db.transaction(async (tx) => {
    const changed = await tx
      .update(appointments)
      .set({ status: 'canceled', refundCents: refund, canceledAt: now, canceledBy: user.id, updatedAt: now })
      .where(and(eq(appointments.id, a.id), inArray(appointments.status, CANCELABLE)))
      .returning();
    if (changed.length === 0) throw new AppError('conflict', cancelMessages.notCancelable);
    if (payment && refund > 0) {
      const refunded = payment.refundedCents + refund;
      await tx
        .update(payments)
        .set({
          refundedCents: refunded,
          status: refunded >= payment.amountCents ? 'refunded' : 'partially_refunded',
          updatedAt: now,
        })
        .where(eq(payments.id, payment.id));
    }
    const [open] = await tx
      .select({ n: count() })
      .from(appointments)
      .where(and(eq(appointments.bookingId, a.bookingId), sql`${appointments.status} <> 'canceled'`));
    if (!open?.n)
      await tx
        .update(bookings)
        .set({ status: 'canceled', updatedAt: now })
        .where(eq(bookings.id, a.bookingId));
    return changed[0]!;
  });
  const when = toZonedIso(a.startsAt, row.clinic.timezone);
  const mail = renderMail({
    subject: 'Reserva cancelada — Salas',
    greeting: `Olá, ${user.name.split(' ')[0]}!`,
    paragraphs: [
      `Você cancelou a reserva da ${row.room.name} (${row.clinic.name}) de ${when.slice(8, 10)}/${when.slice(5, 7)}/${when.slice(0, 4)} às ${when.slice(11, 16)}.`,
      refund > 0
        ? `O valor de ${formatBrl(refund)} será devolvido pelo mesmo meio de pagamento; o prazo depende do seu banco ou operadora.`
        : 'Como o cancelamento foi feito a menos de 24 horas do início (ou o pagamento não foi concluído), não há reembolso.',
    ],
  });
  await s.mailer.send({ to: user.email, ...mail });
  return { uuid: updated.uuid, status: updated.status, refund_cents: refund };
}
