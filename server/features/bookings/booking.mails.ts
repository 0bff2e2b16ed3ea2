/** Booking mails (pt-BR, HTML + text): confirmed with an .ics per appointment, and Pix pending. */
import { eq } from 'drizzle-orm';
import { formatBrl } from '#common/money';
import { toZonedIso } from '#common/time/zone';
import type { MailAttachment } from '../../adapters/mail.ts';
import type { Services } from '../../app.ts';
import { addresses, appointments, bookings, clinics, payments, rooms, users } from '../../db/schema.ts';
import { renderMail } from '../../lib/mail-template.ts';

const icsDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const icsText = (s: string) => s.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\n/g, '\\n');

/** One VEVENT per appointment (RFC 5545), in UTC so every calendar app places it right. */
export function icsFor(event: {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  now: Date;
}): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Salas//Reservas//PT-BR',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}@salas.app`,
    `DTSTAMP:${icsDate(event.now)}`,
    `DTSTART:${icsDate(event.start)}`,
    `DTEND:${icsDate(event.end)}`,
    `SUMMARY:${icsText(event.summary)}`,
    `LOCATION:${icsText(event.location)}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

async function bookingDetails(s: Services, bookingId: number) {
  const [row] = await s.db
    .select({ booking: bookings, room: rooms, clinic: clinics, address: addresses, customer: users })
    .from(bookings)
    .innerJoin(rooms, eq(rooms.id, bookings.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .leftJoin(addresses, eq(addresses.id, clinics.addressId))
    .innerJoin(users, eq(users.id, bookings.customerId))
    .where(eq(bookings.id, bookingId));
  const items = await s.db
    .select()
    .from(appointments)
    .where(eq(appointments.bookingId, bookingId))
    .orderBy(appointments.startsAt);
  const [payment] = await s.db.select().from(payments).where(eq(payments.bookingId, bookingId));
  return { ...row!, items, payment: payment! };
}

const when = (d: Date, tz: string) => {
  const iso = toZonedIso(d, tz);
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} às ${iso.slice(11, 16)}`;
};

export async function sendBookingConfirmed(s: Services, bookingId: number): Promise<void> {
  const d = await bookingDetails(s, bookingId);
  const location = d.address
    ? `${d.clinic.name}, ${d.address.street}, ${d.address.number} - ${d.address.neighborhood}, ${d.address.city}/${d.address.state}`
    : d.clinic.name;
  const now = s.clock();
  const attachments: MailAttachment[] = d.items.map((a, i) => ({
    filename: `reserva-${i + 1}.ics`,
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: icsFor({
      uid: a.uuid,
      start: a.startsAt,
      end: a.endsAt,
      summary: `${d.room.name} — ${d.clinic.name}`,
      location,
      now,
    }),
  }));
  const mail = renderMail({
    subject: `Reserva confirmada: ${d.room.name}`,
    greeting: `Olá, ${d.customer.name.split(' ')[0]}!`,
    paragraphs: [
      `Sua reserva da ${d.room.name} (${d.clinic.name}) está confirmada.`,
      ...d.items.map((a) => `• ${when(a.startsAt, d.clinic.timezone)} (1 hora)`),
      `Endereço: ${location}.`,
      `Total pago: ${formatBrl(d.booking.amountCents)}. Os convites de calendário seguem anexos.`,
      'Cancelamento gratuito até 24 horas antes de cada horário.',
    ],
  });
  await s.mailer.send({ to: d.customer.email, ...mail, attachments });
}

export async function sendPixPending(s: Services, bookingId: number): Promise<void> {
  const d = await bookingDetails(s, bookingId);
  const mail = renderMail({
    subject: `Pague com Pix para confirmar: ${d.room.name}`,
    greeting: `Olá, ${d.customer.name.split(' ')[0]}!`,
    paragraphs: [
      `Guardamos ${d.items.length === 1 ? 'o horário' : `os ${d.items.length} horários`} da ${d.room.name} por 15 minutos.`,
      `Valor: ${formatBrl(d.booking.amountCents)}. Use o Pix copia e cola abaixo no app do seu banco:`,
      d.payment.pixCopyPaste ?? '',
      'Se o pagamento não chegar a tempo, os horários são liberados e nada é cobrado.',
    ],
  });
  await s.mailer.send({ to: d.customer.email, ...mail });
}
