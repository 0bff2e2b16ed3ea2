/**
 * Mails of a booking the partner recorded for someone off the platform (issue 31): sent only when
 * the partner gave an e-mail — the confirmation with the calendar, and the cancellation that takes
 * those hours out of it. Nothing about money: none moves through Salas.
 *
 * That person never asked us for anything, so (DESIGN §10, issue 41):
 * - **One mail per outside booking**, whatever its number of hours (all of them listed in it), and
 *   one per later action (a cancellation of several hours at once is one mail). Its calendar: one
 *   event as the iMIP invitation or cancellation (`text/calendar; method=…`, decision 0041); more
 *   than one as a single file `METHOD:PUBLISH` holding every event (RFC 5546 §3.2.1, an organizer
 *   and no attendee), not one mail per event as a platform booking does.
 * - **Our words**: the subject and greeting carry no text typed for this booking (the person's name,
 *   the note). The room's name in the subject is the room's listed name, as in every booking mail
 *   (decision 0041). The note is the partner's own record and is not mailed. A footnote says which
 *   clinic registered the booking and what to do when it is unknown.
 * - **A limit per partner** on these mails (common/domain/limits.ts), counted in the shared
 *   `throttle_counters`: past it the booking stands and the mail is not written.
 */
import { limits } from '#common/domain/limits';
import type { MailAttachment } from '../../../adapters/mail.ts';
import {
  type BookingEventChange,
  bookingEventChanges,
  bookingEvents,
  icsCalendar,
} from '../../../lib/ics.ts';
import { renderMail } from '../../../lib/mail-template.ts';
import type { ThrottleRule } from '../../security/throttle.service.ts';
import {
  type BookingMail,
  clinicLocation,
  eventCalendar,
  hoursLabel,
  type MailBooking,
  type MailContext,
  runLabel,
  senderAddress,
  when,
} from './booking.mails.ts';

/** The partner's allowance of mails to people outside the platform (DESIGN §10). */
export const outsideMailRules: ThrottleRule[] = [
  { action: 'outside-mail:hour', limit: limits.maxOutsideMailsPerHour, windowSeconds: 60 * 60 },
  { action: 'outside-mail:day', limit: limits.maxOutsideMailsPerDay, windowSeconds: 24 * 60 * 60 },
];

/** The booking's events (the changed ones, for a cancellation) as one `METHOD:PUBLISH` file. */
function publishedFile(ctx: MailContext, d: MailBooking, events: BookingEventChange[], filename: string) {
  const content = icsCalendar(
    events.map((e) => ({
      uid: e.uid,
      start: e.start,
      end: e.end,
      summary: `${d.room.name} — ${d.clinic.name}`,
      location: clinicLocation(d.clinic, d.address),
      sequence: e.sequence,
      cancelled: e.method === 'CANCEL',
    })),
    { now: ctx.now, method: 'PUBLISH', organizer: { name: 'Salas', email: senderAddress(ctx.mailFrom) } },
  );
  return {
    filename,
    content,
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
  } satisfies MailAttachment;
}

/**
 * The confirmation to the outside person (or, with `canceledIds`, the cancellation of those hours):
 * one mail, or none without the person's e-mail.
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
  const oneEvent = changes.length === 1;
  const file = canceled ? 'cancelamento.ics' : 'horarios.ics';
  const mail = renderMail({
    subject: canceled
      ? `Horário cancelado pela clínica: ${d.room.name}, ${hoursLabel(items, tz)}`
      : `Horário reservado: ${d.room.name}, ${hoursLabel(items, tz)}`,
    greeting: 'Olá!',
    paragraphs: [
      canceled
        ? `A clínica cancelou ${n === 1 ? 'o horário' : `${n} horários`} que tinha reservado para você — ${place}:`
        : `A clínica reservou ${n === 1 ? 'um horário' : `${n} horários`} para você — ${place}:`,
      ...items.map((a) => `• ${when(a.startsAt, tz)}`),
      `Endereço: ${clinicLocation(d.clinic, d.address)}.`,
      changes.length === 0
        ? ''
        : oneEvent
          ? canceled
            ? 'O aviso de cancelamento para o seu calendário segue neste e-mail.'
            : 'O convite para o seu calendário segue neste e-mail.'
          : canceled
            ? `O arquivo ${file}, anexo, tira do seu calendário os horários cancelados (${changes.map((e) => runLabel(e, tz)).join('; ')}).`
            : `O arquivo ${file}, anexo, põe todos esses horários no seu calendário: abra-o no celular ou no computador.`,
      canceled ? 'Dúvidas, fale direto com a clínica.' : 'Para mudar ou cancelar, fale direto com a clínica.',
    ].filter(Boolean),
    footnote: `Você recebeu este e-mail porque a clínica que registrou esta reserva na Salas — ${d.clinic.name} — informou o seu endereço. Se não reconhece a reserva, ignore esta mensagem.`,
  });
  const [first] = changes;
  if (oneEvent && first) return [{ ...mail, calendar: eventCalendar(ctx, d, first, { name, email: to }) }];
  if (changes.length > 1) return [{ ...mail, attachments: [publishedFile(ctx, d, changes, file)] }];
  return [mail];
}
