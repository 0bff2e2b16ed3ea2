/**
 * Booking mails (pt-BR, HTML + text): confirmed with one calendar invitation (METHOD:REQUEST), Pix
 * pending with the code and its QR image, Pix received, cancellations and a Pix paid too late
 * (refunded) with the calendar cancellation (METHOD:CANCEL), and the day-before reminder.
 */
import { eq } from 'drizzle-orm';
import { FREE_CANCELLATION_HOURS } from '#common/domain/booking';
import { durationLabel } from '#common/domain/booking-rules';
import { formatBrl } from '#common/money';
import { toZonedIso } from '#common/time/zone';
import type { MailAttachment } from '../../adapters/mail.ts';
import type { Executor } from '../../db/client.ts';
import { addresses, appointments, bookings, clinics, payments, rooms, users } from '../../db/schema.ts';
import { appointmentUid, icsCalendar } from '../../lib/ics.ts';
import { renderMail } from '../../lib/mail-template.ts';
import { qrPng } from '../../lib/qr.ts';
import type { Services } from '../../services.ts';

/** A booking with its room, clinic, address, customer, hours and payment (none for an outside booking). */
export async function bookingDetails(db: Executor, bookingId: number) {
  const [row] = await db
    .select({ booking: bookings, room: rooms, clinic: clinics, address: addresses, customer: users })
    .from(bookings)
    .innerJoin(rooms, eq(rooms.id, bookings.roomId))
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .leftJoin(addresses, eq(addresses.id, clinics.addressId))
    .innerJoin(users, eq(users.id, bookings.customerId))
    .where(eq(bookings.id, bookingId));
  const items = await db
    .select()
    .from(appointments)
    .where(eq(appointments.bookingId, bookingId))
    .orderBy(appointments.startsAt);
  const [payment] = await db.select().from(payments).where(eq(payments.bookingId, bookingId));
  return { ...row!, items, payment: payment! };
}

type BookingDetails = Awaited<ReturnType<typeof bookingDetails>>;

/** "Clínica, Rua, 10 - Bairro, Cidade/UF", or the clinic's name when it has no address yet. */
export function clinicLocation(
  clinic: { name: string },
  address: { street: string; number: string; neighborhood: string; city: string; state: string } | null,
): string {
  return address
    ? `${clinic.name}, ${address.street}, ${address.number} - ${address.neighborhood}, ${address.city}/${address.state}`
    : clinic.name;
}

/** "1 h", "30 min": how long one appointment lasts. */
const lengthOf = (a: { startsAt: Date; endsAt: Date }) =>
  durationLabel((a.endsAt.getTime() - a.startsAt.getTime()) / 60_000);

/** "janeiro de 2027": the month of a horário fixo's booking (its first hour's). */
const monthName = (d: BookingDetails) =>
  new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: d.clinic.timezone }).format(
    d.items[0]?.startsAt ?? d.booking.createdAt,
  );

const firstName = (name: string) => name.split(' ')[0];

export const when = (d: Date, tz: string) => {
  const iso = toZonedIso(d, tz);
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} às ${iso.slice(11, 16)}`;
};

/** The address in MAIL_FROM: "Salas <nao-responda@salas.app>" → "nao-responda@salas.app". */
export const senderAddress = (from: string) => /<([^<>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();

/**
 * One calendar file for some hours of a booking. The invitation is SEQUENCE 0; the cancellation
 * names the same UIDs with SEQUENCE 1, so calendar apps remove the events they added.
 */
function bookingCalendar(
  s: Services,
  d: BookingDetails,
  items: BookingDetails['items'],
  method: 'REQUEST' | 'CANCEL',
): MailAttachment {
  const location = clinicLocation(d.clinic, d.address);
  const content = icsCalendar(
    items.map((a) => ({
      uid: appointmentUid(a.uuid, s.config.publicUrl),
      start: a.startsAt,
      end: a.endsAt,
      summary: `${d.room.name} — ${d.clinic.name}`,
      location,
      sequence: method === 'REQUEST' ? 0 : 1,
      attendee: { name: d.customer.name, email: d.customer.email },
    })),
    { now: s.clock(), method, organizer: { name: 'Salas', email: senderAddress(s.config.mailFrom) } },
  );
  return method === 'REQUEST'
    ? { filename: 'reserva.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content }
    : { filename: 'cancelamento.ics', contentType: 'text/calendar; charset=utf-8; method=CANCEL', content };
}

export async function sendBookingConfirmed(
  s: Services,
  bookingId: number,
  db: Executor = s.db,
): Promise<void> {
  const d = await bookingDetails(db, bookingId);
  const location = clinicLocation(d.clinic, d.address);
  const mail = renderMail({
    subject: `Reserva confirmada: ${d.room.name}`,
    greeting: `Olá, ${firstName(d.customer.name)}!`,
    paragraphs: [
      `Sua reserva da ${d.room.name} (${d.clinic.name}) está confirmada.`,
      ...d.items.map((a) => `• ${when(a.startsAt, d.clinic.timezone)} (${lengthOf(a)})`),
      `Endereço: ${location}.`,
      `Total pago: ${formatBrl(d.booking.amountCents)}. O convite de calendário segue anexo.`,
      `Cancelamento gratuito até ${FREE_CANCELLATION_HOURS} horas antes de cada horário.`,
    ],
  });
  await s.mailer.send(
    {
      to: d.customer.email,
      ...mail,
      attachments: [bookingCalendar(s, d, d.items, 'REQUEST')],
    },
    db,
  );
}

export type CancelActor = 'customer' | 'partner' | 'operator' | 'hold_job' | 'provider';

const cancelSubjects: Record<CancelActor, string> = {
  customer: 'Reserva cancelada — Salas',
  partner: 'Sua reserva foi cancelada pela clínica — Salas',
  operator: 'Sua reserva foi cancelada pela equipe Salas',
  hold_job: 'Prazo do Pix encerrado: horários liberados — Salas',
  provider: 'Pagamento devolvido: reserva cancelada — Salas',
};

/** "Você cancelou a reserva da Sala 1 (Clínica) de 10/03/2026 às 14:00." and the like. */
function cancelSentence(actor: CancelActor, d: BookingDetails, hours: string[]): string {
  const place = `${d.room.name} (${d.clinic.name})`;
  const one = hours.length === 1;
  const n = hours.length;
  switch (actor) {
    case 'customer':
      return `Você cancelou ${one ? `a reserva da ${place} de ${hours[0]}.` : `${n} horários da reserva da ${place}:`}`;
    case 'partner':
      return `A clínica ${d.clinic.name} cancelou ${one ? `sua reserva da ${d.room.name} de ${hours[0]}.` : `${n} horários da sua reserva da ${d.room.name}:`}`;
    case 'operator':
      return `A equipe Salas cancelou ${one ? `sua reserva da ${place} de ${hours[0]}.` : `${n} horários da sua reserva da ${place}:`}`;
    case 'hold_job':
      return `O Pix não foi pago dentro dos 15 minutos, e ${one ? `o horário da ${place} de ${hours[0]} foi liberado.` : `os ${n} horários da ${place} foram liberados:`}`;
    case 'provider':
      // The provider reports the payment given back (a refund in its dashboard, a dispute).
      return `O pagamento foi devolvido pela operadora de pagamento, e ${one ? `a reserva da ${place} de ${hours[0]} foi cancelada.` : `os ${n} horários da reserva da ${place} foram cancelados:`}`;
  }
}

const wasPaid = (payment: BookingDetails['payment'] | undefined) =>
  Boolean(payment?.paidAt) || ['paid', 'partially_refunded', 'refunded'].includes(payment?.status ?? '');

/**
 * Tells the customer which hours of a booking were canceled, by whom, and what comes back; the
 * attached METHOD:CANCEL removes exactly those hours from the calendar the invitation filled.
 */
export async function sendBookingCanceled(
  s: Services,
  input: {
    bookingId: number;
    appointmentIds: number[];
    actor: CancelActor;
    refundCents: number;
    wholeBooking: boolean;
  },
  db: Executor = s.db,
): Promise<void> {
  const d = await bookingDetails(db, input.bookingId);
  const canceled = d.items.filter((a) => input.appointmentIds.includes(a.id));
  if (canceled.length === 0) return;
  const hours = canceled.map((a) => when(a.startsAt, d.clinic.timezone));
  const paid = wasPaid(d.payment);
  const refund =
    input.refundCents > 0
      ? `O valor de ${formatBrl(input.refundCents)} ${input.actor === 'provider' ? 'foi' : 'será'} devolvido pelo mesmo meio de pagamento; o prazo depende do seu banco ou operadora.`
      : input.actor === 'customer' && paid
        ? `Como o cancelamento foi feito a menos de ${FREE_CANCELLATION_HOURS} horas do início, não há reembolso.`
        : `Não houve cobrança para ${hours.length === 1 ? 'este horário' : 'estes horários'}.`;
  const mail = renderMail({
    subject: cancelSubjects[input.actor],
    greeting: `Olá, ${firstName(d.customer.name)}!`,
    paragraphs: [
      cancelSentence(input.actor, d, hours),
      ...(hours.length > 1 ? hours.map((h) => `• ${h}`) : []),
      ...(input.wholeBooking && !paid && d.items.length > 1
        ? ['Como a reserva ainda não tinha sido paga, todos os horários dela foram cancelados juntos.']
        : []),
      refund,
      'O aviso de cancelamento para o seu calendário segue anexo.',
    ],
    action: { label: 'Meus agendamentos', url: `${s.config.publicUrl}/especialista/agendamentos` },
  });
  await s.mailer.send(
    {
      to: d.customer.email,
      ...mail,
      attachments: [bookingCalendar(s, d, canceled, 'CANCEL')],
    },
    db,
  );
}

export async function sendPixPending(s: Services, bookingId: number, db: Executor = s.db): Promise<void> {
  const d = await bookingDetails(db, bookingId);
  const mail = renderMail({
    subject: `Pague com Pix para confirmar: ${d.room.name}`,
    greeting: `Olá, ${firstName(d.customer.name)}!`,
    paragraphs: [
      d.booking.seriesId && d.payment.pixExpiresAt
        ? `Chegou a cobrança de ${monthName(d)} do seu horário fixo na ${d.room.name}. Pague até ${when(d.payment.pixExpiresAt, d.clinic.timezone)}: depois disso os horários do mês são liberados.`
        : `Guardamos ${d.items.length === 1 ? 'o horário' : `os ${d.items.length} horários`} da ${d.room.name} por 15 minutos.`,
      `Valor: ${formatBrl(d.booking.amountCents)}. Use o Pix copia e cola abaixo no app do seu banco:`,
      d.payment.pixCopyPaste ?? '',
      'O QR Code do pagamento segue anexo, para ler com a câmera do app do banco.',
      'Se o pagamento não chegar a tempo, os horários são liberados e nada é cobrado.',
    ],
  });
  const qr = await qrPng(d.payment.pixCopyPaste ?? '');
  await s.mailer.send(
    {
      to: d.customer.email,
      ...mail,
      attachments: [{ filename: 'pix-qrcode.png', contentType: 'image/png', content: qr }],
    },
    db,
  );
}

/** The Pix arrived in time: a receipt, before the confirmation with the calendar invitation. */
export async function sendPixReceived(s: Services, bookingId: number, db: Executor = s.db): Promise<void> {
  const d = await bookingDetails(db, bookingId);
  const paidAt = d.payment.paidAt ?? s.clock();
  const mail = renderMail({
    subject: `Pagamento recebido: ${formatBrl(d.payment.amountCents)}`,
    greeting: `Olá, ${firstName(d.customer.name)}!`,
    paragraphs: [
      `Recebemos seu Pix de ${formatBrl(d.payment.amountCents)} em ${when(paidAt, d.clinic.timezone)}.`,
      `Ele paga ${d.items.length === 1 ? 'o horário' : `os ${d.items.length} horários`} da ${d.room.name} (${d.clinic.name}):`,
      ...d.items.map((a) => `• ${when(a.startsAt, d.clinic.timezone)} (${lengthOf(a)})`),
      `Identificador do pagamento: ${d.payment.uuid}.`,
    ],
  });
  await s.mailer.send({ to: d.customer.email, ...mail }, db);
}

/**
 * A Pix paid after its booking ended — the hold expired, or the booking was canceled: the hours are
 * not kept, the money goes back, and the calendar file takes the hours off the calendar.
 */
export async function sendPixLateRefunded(
  s: Services,
  bookingId: number,
  db: Executor = s.db,
): Promise<void> {
  const d = await bookingDetails(db, bookingId);
  const expired = d.booking.status === 'expired';
  const amount = formatBrl(d.payment.amountCents);
  const mail = renderMail({
    subject: expired
      ? 'Pix recebido fora do prazo: valor devolvido'
      : 'Pix recebido após o cancelamento: valor devolvido',
    greeting: `Olá, ${firstName(d.customer.name)}!`,
    paragraphs: [
      expired
        ? `Seu Pix de ${amount} para a ${d.room.name} (${d.clinic.name}) chegou depois dos 15 minutos da reserva, e os horários já tinham sido liberados:`
        : `Seu Pix de ${amount} para a ${d.room.name} (${d.clinic.name}) chegou depois que a reserva tinha sido cancelada, e os horários já tinham sido liberados:`,
      ...d.items.map((a) => `• ${when(a.startsAt, d.clinic.timezone)} (${lengthOf(a)})`),
      'Devolvemos o valor integralmente pelo mesmo Pix; o prazo depende do seu banco. Se ainda quiser a sala, faça uma nova reserva.',
      'O aviso de cancelamento para o seu calendário segue anexo.',
    ],
  });
  await s.mailer.send(
    {
      to: d.customer.email,
      ...mail,
      attachments: [bookingCalendar(s, d, d.items, 'CANCEL')],
    },
    db,
  );
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
  db: Executor = s.db,
): Promise<void> {
  const mail = renderMail({
    subject: `Lembrete: amanhã na ${r.room}`,
    greeting: `Olá, ${firstName(r.name)}!`,
    paragraphs: [
      `Lembrete da sua reserva na ${r.room} (${r.clinic.name}):`,
      ...r.starts.map((d) => `• ${when(d, r.clinic.timezone)}`),
      `Endereço: ${r.location}.`,
      'Se não puder ir, cancele em Meus agendamentos para liberar o horário. A menos de 24 horas do início não há reembolso.',
    ],
    action: { label: 'Meus agendamentos', url: `${s.config.publicUrl}/especialista/agendamentos` },
  });
  await s.mailer.send({ to: r.email, ...mail }, db);
}

/**
 * A horário fixo's month could not be charged on the saved card: the person learns until when it
 * is tried again, and that the month's hours are released if no charge goes through by then.
 */
export async function sendSeriesChargeRefused(
  s: Services,
  bookingId: number,
  db: Executor = s.db,
): Promise<void> {
  const d = await bookingDetails(db, bookingId);
  const mail = renderMail({
    subject: `Cobrança do horário fixo recusada: ${d.room.name}`,
    greeting: `Olá, ${firstName(d.customer.name)}!`,
    paragraphs: [
      `Não conseguimos cobrar ${formatBrl(d.booking.amountCents)} no cartão salvo pelos horários de ${monthName(d)} do seu horário fixo na ${d.room.name} (${d.clinic.name}).`,
      `Tentaremos de novo todos os dias${d.booking.holdExpiresAt ? ` até ${when(d.booking.holdExpiresAt, d.clinic.timezone)}` : ''}. Se o banco recusou por limite ou bloqueio, resolva com ele até lá.`,
      'Se nenhuma cobrança der certo até lá, os horários deste mês são liberados e nada é cobrado.',
    ],
  });
  await s.mailer.send({ to: d.customer.email, ...mail }, db);
}
