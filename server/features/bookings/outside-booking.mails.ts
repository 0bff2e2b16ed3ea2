/**
 * Mails of a booking the partner recorded for someone off the platform (issue 31): sent only when
 * the partner gave an e-mail — the confirmation with the calendar invitation, and the cancellation
 * that removes those hours from it. Nothing about money: none moves through Salas. The calendar
 * follows the booking mails' rule (docs/decisions/0041): one event per run of contiguous hours,
 * one event per message.
 */
import type { Executor } from '../../db/client.ts';
import { type BookingEventChange, bookingEventChanges, bookingEvents } from '../../lib/ics.ts';
import { renderMail } from '../../lib/mail-template.ts';
import type { Services } from '../../services.ts';
import {
  type BookingMail,
  bookingDetails,
  calendarOnlyMail,
  clinicLocation,
  eventCalendar,
  hoursLabel,
  type MailBooking,
  type MailContext,
  mailContext,
  when,
} from './booking.mails.ts';

/**
 * The confirmation to the outside person (or, with `canceledIds`, the cancellation of those hours),
 * after one short mail per further calendar event. None without the person's e-mail.
 */
export function outsideBookingMails(ctx: MailContext, d: MailBooking, canceledIds?: number[]): BookingMail[] {
  const to = d.booking.outsideEmail;
  const name = d.booking.outsideName;
  if (!to || !name) return [];
  const canceled = Boolean(canceledIds);
  const now = new Set(canceledIds ?? []);
  const items = canceled ? d.items.filter((a) => now.has(a.id)) : d.items;
  if (items.length === 0) return [];
  const tz = d.clinic.timezone;
  const place = `${d.room.name} (${d.clinic.name})`;
  const n = items.length;
  const gone = new Set(
    d.items
      .filter((a) => (a.status === 'canceled' || a.status === 'expired') && !now.has(a.id))
      .map((a) => a.id),
  );
  const changes: BookingEventChange[] = canceled
    ? bookingEventChanges(d.items, gone, now, ctx.publicUrl)
    : bookingEvents(d.items, gone, ctx.publicUrl).map((e) => ({ ...e, method: 'REQUEST' as const }));
  const mail = renderMail({
    subject: canceled
      ? `Horário cancelado pela clínica: ${d.room.name}, ${hoursLabel(items, tz)}`
      : `Horário reservado: ${d.room.name}, ${hoursLabel(items, tz)}`,
    greeting: `Olá, ${name.trim().split(/\s+/)[0]}!`,
    paragraphs: [
      canceled
        ? `A clínica cancelou ${n === 1 ? 'o horário' : `${n} horários`} que tinha reservado para você — ${place}:`
        : `A clínica reservou ${n === 1 ? 'um horário' : `${n} horários`} para você — ${place}:`,
      ...items.map((a) => `• ${when(a.startsAt, tz)}`),
      `Endereço: ${clinicLocation(d.clinic, d.address)}.`,
      canceled
        ? 'O aviso de cancelamento para o seu calendário segue neste e-mail. Dúvidas, fale direto com a clínica.'
        : 'O convite para o seu calendário segue neste e-mail. Para mudar ou cancelar, fale direto com a clínica.',
    ],
  });
  const attendee = { name, email: to };
  const [first, ...rest] = changes;
  return [
    ...rest.map((e) => calendarOnlyMail(ctx, d, e, attendee, canceled ? 'change' : 'invitation', false)),
    { ...mail, ...(first ? { calendar: eventCalendar(ctx, d, first, attendee) } : {}) },
  ];
}

/** The confirmation (or, with `canceledIds`, the cancellation of those hours) to the outside person. */
export async function sendOutsideBookingNews(
  s: Services,
  bookingId: number,
  db: Executor = s.db,
  canceledIds?: number[],
): Promise<void> {
  const d = await bookingDetails(db, bookingId);
  for (const mail of outsideBookingMails(mailContext(s), d, canceledIds)) {
    await s.mailer.send({ to: d.booking.outsideEmail!, ...mail }, db);
  }
}
