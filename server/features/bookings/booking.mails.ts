/**
 * Booking mails (pt-BR, HTML + text): confirmed with an .ics per appointment, Pix pending with the
 * code and its QR image, Pix received, a Pix paid too late (refunded), and the day-before reminder.
 */
import { eq } from 'drizzle-orm';
import { formatBrl } from '#common/money';
import { toZonedIso } from '#common/time/zone';
import type { MailAttachment } from '../../adapters/mail.ts';
import type { Services } from '../../app.ts';
import { addresses, appointments, bookings, clinics, payments, rooms, users } from '../../db/schema.ts';
import { icsCalendar } from '../../lib/ics.ts';
import { renderMail } from '../../lib/mail-template.ts';
import { qrPng } from '../../lib/qr.ts';

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

/** "Clínica, Rua, 10 - Bairro, Cidade/UF", or the clinic's name when it has no address yet. */
export function clinicLocation(
  clinic: { name: string },
  address: { street: string; number: string; neighborhood: string; city: string; state: string } | null,
): string {
  return address
    ? `${clinic.name}, ${address.street}, ${address.number} - ${address.neighborhood}, ${address.city}/${address.state}`
    : clinic.name;
}

const firstName = (name: string) => name.split(' ')[0];

export const when = (d: Date, tz: string) => {
  const iso = toZonedIso(d, tz);
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} às ${iso.slice(11, 16)}`;
};

export async function sendBookingConfirmed(s: Services, bookingId: number): Promise<void> {
  const d = await bookingDetails(s, bookingId);
  const location = clinicLocation(d.clinic, d.address);
  const now = s.clock();
  const attachments: MailAttachment[] = d.items.map((a, i) => ({
    filename: `reserva-${i + 1}.ics`,
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: icsCalendar(
      [
        {
          uid: a.uuid,
          start: a.startsAt,
          end: a.endsAt,
          summary: `${d.room.name} — ${d.clinic.name}`,
          location,
        },
      ],
      { now, method: 'PUBLISH' },
    ),
  }));
  const mail = renderMail({
    subject: `Reserva confirmada: ${d.room.name}`,
    greeting: `Olá, ${firstName(d.customer.name)}!`,
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
    greeting: `Olá, ${firstName(d.customer.name)}!`,
    paragraphs: [
      `Guardamos ${d.items.length === 1 ? 'o horário' : `os ${d.items.length} horários`} da ${d.room.name} por 15 minutos.`,
      `Valor: ${formatBrl(d.booking.amountCents)}. Use o Pix copia e cola abaixo no app do seu banco:`,
      d.payment.pixCopyPaste ?? '',
      'O QR Code do pagamento segue anexo, para ler com a câmera do app do banco.',
      'Se o pagamento não chegar a tempo, os horários são liberados e nada é cobrado.',
    ],
  });
  const qr = await qrPng(d.payment.pixCopyPaste ?? '');
  await s.mailer.send({
    to: d.customer.email,
    ...mail,
    attachments: [{ filename: 'pix-qrcode.png', contentType: 'image/png', content: qr }],
  });
}

/** The Pix arrived in time: a receipt, before the confirmation with the calendar invitations. */
export async function sendPixReceived(s: Services, bookingId: number): Promise<void> {
  const d = await bookingDetails(s, bookingId);
  const paidAt = d.payment.paidAt ?? s.clock();
  const mail = renderMail({
    subject: `Pagamento recebido: ${formatBrl(d.payment.amountCents)}`,
    greeting: `Olá, ${firstName(d.customer.name)}!`,
    paragraphs: [
      `Recebemos seu Pix de ${formatBrl(d.payment.amountCents)} em ${when(paidAt, d.clinic.timezone)}.`,
      `Ele paga ${d.items.length === 1 ? 'o horário' : `os ${d.items.length} horários`} da ${d.room.name} (${d.clinic.name}):`,
      ...d.items.map((a) => `• ${when(a.startsAt, d.clinic.timezone)} (1 hora)`),
      `Identificador do pagamento: ${d.payment.uuid}.`,
    ],
  });
  await s.mailer.send({ to: d.customer.email, ...mail });
}

/** The Pix arrived after the 15-minute hold: the hours were released and the money goes back. */
export async function sendPixLateRefunded(s: Services, bookingId: number): Promise<void> {
  const d = await bookingDetails(s, bookingId);
  const mail = renderMail({
    subject: 'Pix recebido fora do prazo: valor devolvido',
    greeting: `Olá, ${firstName(d.customer.name)}!`,
    paragraphs: [
      `Seu Pix de ${formatBrl(d.payment.amountCents)} para a ${d.room.name} chegou depois dos 15 minutos da reserva, e os horários já tinham sido liberados.`,
      'Devolvemos o valor integralmente pelo mesmo Pix. Se ainda quiser a sala, faça uma nova reserva.',
    ],
  });
  await s.mailer.send({ to: d.customer.email, ...mail });
}

/** Tomorrow's hours of one specialist in one room. */
export async function sendReminder(
  s: Services,
  r: {
    email: string;
    name: string;
    room: string;
    clinic: { name: string; timezone: string };
    location: string;
    starts: Date[];
  },
): Promise<void> {
  const mail = renderMail({
    subject: `Lembrete: amanhã na ${r.room}`,
    greeting: `Olá, ${firstName(r.name)}!`,
    paragraphs: [
      `Lembrete da sua reserva na ${r.room} (${r.clinic.name}):`,
      ...r.starts.map((d) => `• ${when(d, r.clinic.timezone)} (1 hora)`),
      `Endereço: ${r.location}.`,
      'Se não puder ir, cancele em Meus agendamentos para liberar o horário. A menos de 24 horas do início não há reembolso.',
    ],
    action: { label: 'Meus agendamentos', url: `${s.config.publicUrl}/especialista/agendamentos` },
  });
  await s.mailer.send({ to: r.email, ...mail });
}
