/**
 * Bookings from outside (issue 31, DESIGN §9): a partner records an hour for someone off the
 * platform — a patient who phoned, a colleague who walked in. The hours are held like any booking's
 * (the room's grid and hours, blocks, the exclusion constraint), confirmed at once, with no payment:
 * no money moves through Salas, so nothing reaches the statement, payouts or revenue. The person
 * gets one mail for all the hours, within the partner's limit of mails to people outside the
 * platform (DESIGN §10); the answer's `mail` says whether it went.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  agendaMessages,
  type ManualBooking,
  type manualBookingBody,
  type OutsideMailOutcome,
} from '#common/contracts/agenda';
import { type Availability, supplyMessages } from '#common/contracts/supply';
import { bufferAfter } from '#common/domain/booking-rules';
import { lifecycleMessages } from '#common/domain/lifecycle';
import { AppError } from '#common/errors';
import { addDays, toZonedIso, zonedDate } from '#common/time/zone';
import { appointments, bookings, clinics, rooms } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import type { UserRow } from '../auth/user.repository.ts';
import { roomSlotData } from '../availability/availability.repository.ts';
import { slotsFor } from '../availability/slots.ts';
import { insertOutsideBooking, isSlotConflict } from '../lifecycle/lifecycle.repository.ts';
import { type CancelResult, cancelLocked, withBooking } from '../lifecycle/lifecycle.service.ts';
import { notify, type Told } from '../notifications/notify.service.ts';
import { toHours } from '../supply.mappers.ts';

/** What became of the mail to the person: written, held back by the partner's limit, or none. */
const mailOutcome = (told: Told): OutsideMailOutcome =>
  told.written > 0 ? 'sent' : told.limited ? 'limited' : 'none';

/** Who a booking the partner recorded for someone off the platform is for; null for the others. */
export const outsideOf = (b: {
  outsideName: string | null;
  outsideEmail: string | null;
  note: string | null;
}) => (b.outsideName === null ? null : { name: b.outsideName, email: b.outsideEmail, note: b.note });

const refuse = (message: string, code: 'conflict' | 'validation' = 'validation') =>
  new AppError(code, message, { errors: { date_times: [message] } });

/** The partner's room (another partner's → 404), with its clinic's zone. */
async function ownRoom(s: Services, partner: UserRow, roomUuid: string) {
  const [row] = await s.db
    .select({ room: rooms, clinic: clinics })
    .from(rooms)
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(and(eq(rooms.uuid, roomUuid), eq(clinics.partnerId, partner.id)))
    .limit(1);
  if (!row) throw new AppError('not_found', supplyMessages.notFound);
  return row;
}

export async function createOutsideBooking(
  s: Services,
  partner: UserRow,
  roomUuid: string,
  body: z.output<typeof manualBookingBody>,
): Promise<ManualBooking> {
  const { room, clinic } = await ownRoom(s, partner, roomUuid);
  const starts = [...new Set(body.date_times.map((d) => new Date(d).getTime()))].sort((a, b) => a - b);
  const now = s.clock();
  if (starts[0]! <= now.getTime()) throw refuse(agendaMessages.past);

  const dates = [...new Set(starts.map((t) => zonedDate(new Date(t), clinic.timezone)))].sort();
  const { rules, days } = await outsideSlots(s, room.uuid, dates, now);
  const slots = new Map(days.flat().map((x) => [x.starts_at.getTime(), x.available] as const));
  if (starts.some((t) => !slots.has(t))) throw refuse(agendaMessages.closedHour);
  if (starts.some((t) => !slots.get(t))) throw refuse(agendaMessages.slotTaken, 'conflict');

  let bookingId: number;
  let mail: OutsideMailOutcome;
  try {
    [bookingId, mail] = await s.db.transaction(async (tx) => {
      const booking = await insertOutsideBooking(tx, {
        partnerId: partner.id,
        roomId: room.id,
        name: body.customer_name,
        email: body.customer_email ?? null,
        note: body.note || null,
        starts,
        slotMs: rules.slot_minutes * 60_000,
        buffer: bufferAfter(starts, rules),
        now,
      });
      // One mail for all its hours, if the partner's limit of mails to outside addresses allows.
      const [told] = await notify(s, tx, [{ kind: 'outside_booking_recorded', bookingId: booking.id }]);
      return [booking.id, mailOutcome(told!)] as const;
    });
  } catch (err) {
    if (isSlotConflict(err)) throw refuse(agendaMessages.slotTaken, 'conflict');
    throw err;
  }
  if (mail === 'sent') s.mailer.kick();
  return { ...(await outsideBooking(s, bookingId, room, clinic.timezone)), mail };
}

/**
 * The room's slots of each date as a customer would see them, without the customer's notice,
 * horizon and minimum stretch: the partner books its own room for whenever it is open and free.
 */
async function outsideSlots(s: Services, roomUuid: string, dates: string[], now: Date) {
  const data = await roomSlotData(s.db, roomUuid, {
    from: new Date(Date.parse(`${dates[0]}T00:00:00Z`) - 14 * 3_600_000),
    to: new Date(Date.parse(`${addDays(dates.at(-1)!, 1)}T00:00:00Z`) + 14 * 3_600_000),
  });
  if (!data) throw new AppError('not_found', supplyMessages.notFound);
  const rules = { ...data.rules, min_notice_minutes: 0, max_days_ahead: 100 * 366, min_booking_minutes: 0 };
  const days = dates.map((date) =>
    slotsFor({
      date,
      timezone: data.timezone,
      ...hoursOf(data),
      blocks: data.blocks,
      held: data.held,
      now,
      rules,
    }),
  );
  return { rules, days };
}

/**
 * GET /api/partner/room/{roomId}/availability/{date}: the day's slots of the partner's own room as
 * an outside booking takes them (what the form offers; the same shape as the room page's).
 */
export async function outsideAvailability(
  s: Services,
  partner: UserRow,
  roomUuid: string,
  date: string,
): Promise<Availability> {
  const { room } = await ownRoom(s, partner, roomUuid);
  const { days } = await outsideSlots(s, room.uuid, [date], s.clock());
  return { date, slots: days[0]!.map(({ date_time, available }) => ({ date_time, available })) };
}

/**
 * The partner cancels an outside booking whole from one of its hours: every hour still confirmed
 * goes in one transition, so the person gets one mail naming them all (DESIGN §10).
 */
export async function cancelOutsideBooking(
  s: Services,
  partner: UserRow,
  appointmentUuid: string,
  dateTime: string,
): Promise<CancelResult> {
  const [row] = await s.db
    .select({
      bookingId: appointments.bookingId,
      startsAt: appointments.startsAt,
      method: bookings.paymentMethod,
    })
    .from(appointments)
    .innerJoin(bookings, eq(bookings.id, appointments.bookingId))
    .innerJoin(rooms, eq(rooms.id, appointments.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .where(and(eq(appointments.uuid, appointmentUuid), eq(clinics.partnerId, partner.id)))
    .limit(1);
  if (!row) throw new AppError('not_found', 'Agendamento não encontrado.');
  if (new Date(dateTime).getTime() !== row.startsAt.getTime())
    throw new AppError('validation', 'O horário não corresponde ao agendamento.', {
      errors: { date_time: ['O horário não corresponde ao agendamento.'] },
    });
  if (row.method !== 'manual')
    throw new AppError('validation', agendaMessages.wholeOnlyOutside, {
      errors: { whole_booking: [agendaMessages.wholeOnlyOutside] },
    });
  const actor = { kind: 'partner' as const, userId: partner.id };
  return withBooking(s, row.bookingId, async (tx, locked, fx) => {
    const held = locked.items.filter((a) => a.status === 'confirmed');
    if (held.length === 0) throw new AppError('conflict', lifecycleMessages.notCancelable);
    for (const a of held) {
      await cancelLocked(s, tx, locked, fx, actor, a.id);
      // The next hour's cancellation reads the booking's hours as they are now (its status at the end).
      a.status = 'canceled';
    }
    return { uuid: appointmentUuid, status: 'canceled', refund_cents: 0, whole_booking: true };
  });
}

const hoursOf = (data: NonNullable<Awaited<ReturnType<typeof roomSlotData>>>) => ({
  roomHours: toHours(data.roomHours),
  clinicHours: toHours(data.clinicHours),
});

async function outsideBooking(
  s: Services,
  bookingId: number,
  room: { uuid: string; name: string },
  timezone: string,
): Promise<Omit<ManualBooking, 'mail'>> {
  const [booking] = await s.db.select().from(bookings).where(eq(bookings.id, bookingId));
  const items = await s.db
    .select()
    .from(appointments)
    .where(eq(appointments.bookingId, bookingId))
    .orderBy(appointments.startsAt);
  return {
    uuid: booking!.uuid,
    status: booking!.status,
    room: { uuid: room.uuid, name: room.name },
    customer_name: booking!.outsideName ?? '',
    customer_email: booking!.outsideEmail,
    note: booking!.note,
    appointments: items.map((a) => ({
      uuid: a.uuid,
      date_time: toZonedIso(a.startsAt, timezone),
      status: a.status,
    })),
  };
}
