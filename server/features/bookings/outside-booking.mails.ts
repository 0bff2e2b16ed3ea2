/**
 * Mails of a booking the partner recorded for someone off the platform (issue 31): sent only when
 * the partner gave an e-mail — the confirmation with the calendar invitation, and the cancellation
 * that removes those hours from it. Nothing about money: none moves through Salas.
 */
import type { Executor } from '../../db/client.ts';
import { appointmentUid, icsCalendar } from '../../lib/ics.ts';
import { renderMail } from '../../lib/mail-template.ts';
import type { Services } from '../../services.ts';
import { bookingDetails, clinicLocation, senderAddress, when } from './booking.mails.ts';

/** The confirmation (or, with `canceledIds`, the cancellation of those hours) to the outside person. */
export async function sendOutsideBookingNews(
  s: Services,
  bookingId: number,
  db: Executor = s.db,
  canceledIds?: number[],
): Promise<void> {
  const d = await bookingDetails(db, bookingId);
  const to = d.booking.outsideEmail;
  const name = d.booking.outsideName;
  if (!to || !name) return;
  const canceled = Boolean(canceledIds);
  const items = canceled ? d.items.filter((a) => canceledIds!.includes(a.id)) : d.items;
  if (items.length === 0) return;
  const tz = d.clinic.timezone;
  const location = clinicLocation(d.clinic, d.address);
  const place = `${d.room.name} (${d.clinic.name})`;
  const mail = renderMail({
    subject: canceled
      ? `Horário cancelado pela clínica: ${d.room.name}`
      : `Horário reservado: ${d.room.name} — ${d.clinic.name}`,
    greeting: `Olá, ${name.split(' ')[0]}!`,
    paragraphs: [
      canceled
        ? `A clínica ${d.clinic.name} cancelou ${items.length === 1 ? 'o horário' : `${items.length} horários`} que tinha reservado para você na ${place}:`
        : `A clínica ${d.clinic.name} reservou para você a ${place}:`,
      ...items.map((a) => `• ${when(a.startsAt, tz)}`),
      `Endereço: ${location}.`,
      canceled
        ? 'O aviso de cancelamento para o seu calendário segue anexo. Dúvidas, fale direto com a clínica.'
        : 'O convite de calendário segue anexo. Para mudar ou cancelar, fale direto com a clínica.',
    ],
  });
  const method = canceled ? 'CANCEL' : 'REQUEST';
  const content = icsCalendar(
    items.map((a) => ({
      uid: appointmentUid(a.uuid, s.config.publicUrl),
      start: a.startsAt,
      end: a.endsAt,
      summary: `${d.room.name} — ${d.clinic.name}`,
      location,
      sequence: canceled ? 1 : 0,
      attendee: { name, email: to },
    })),
    { now: s.clock(), method, organizer: { name: 'Salas', email: senderAddress(s.config.mailFrom) } },
  );
  await s.mailer.send(
    {
      to,
      ...mail,
      attachments: [
        {
          filename: canceled ? 'cancelamento.ics' : 'reserva.ics',
          contentType: `text/calendar; charset=utf-8; method=${method}`,
          content,
        },
      ],
    },
    db,
  );
}
