/**
 * Booking mails (pt-BR, HTML + text): confirmed with its calendar invitation, Pix pending with the
 * code and its QR image, Pix received, cancellations and a Pix paid too late (refunded) with the
 * calendar cancellation, a horário fixo's refused charge, and the day-before reminder. Each builds
 * its words from the booking as read (`bookingDetails`, notifications.repository.ts); which of them
 * a person gets, and when, is decided in notifications.ts.
 *
 * Wording needs no article before a room's name ("Consultório Jardim" and "Sala 1" alike): the
 * name follows a colon or a dash. Subjects name the room and the date (docs/decisions/0041).
 * Calendars: each run of contiguous hours is one event, and each message carries one event
 * (METHOD:REQUEST or CANCEL as a text/calendar part); the events past the first travel in short
 * mails of their own, written just before the main one.
 */
import { FREE_CANCELLATION_HOURS } from '#common/domain/booking';
import { durationLabel } from '#common/domain/booking-rules';
import { formatBrl } from '#common/money';
import { toZonedIso } from '#common/time/zone';
import type { MailCalendar, MailMessage } from '../../../adapters/mail.ts';
import {
  type BookingEventChange,
  type BookingHour,
  bookingEventChanges,
  bookingEvents,
  hourRuns,
  type IcsPerson,
  icsCalendar,
} from '../../../lib/ics.ts';
import { type RenderedMail, renderMail } from '../../../lib/mail-template.ts';
import type { Services } from '../../../services.ts';

interface MailAddress {
  street: string;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
}

/** What the booking mails read of a booking: `bookingDetails` gives it, and so can a test. */
export interface MailBooking {
  booking: {
    uuid: string;
    amountCents: number;
    seriesId: number | null;
    createdAt: Date;
    holdExpiresAt: Date | null;
    status: string;
    outsideName?: string | null;
    outsideEmail?: string | null;
  };
  room: { name: string };
  clinic: { name: string; timezone: string };
  address: MailAddress | null;
  customer: { name: string; email: string };
  items: (BookingHour & { status: string; priceCents?: number })[];
  payment?: {
    uuid: string;
    amountCents: number;
    status: string;
    paidAt: Date | null;
    pixCopyPaste: string | null;
    pixExpiresAt: Date | null;
    /** `card` or `pix` (absent: Pix). */
    method?: string;
  };
}

/** Where links point, who sends invitations, and when: what a mail needs besides its booking. */
export interface MailContext {
  publicUrl: string;
  mailFrom: string;
  now: Date;
}

export const mailContext = (s: Pick<Services, 'config' | 'clock'>): MailContext => ({
  publicUrl: s.config.publicUrl,
  mailFrom: s.config.mailFrom,
  now: s.clock(),
});

/** A mail without its recipient. */
export type BookingMail = RenderedMail & Pick<MailMessage, 'attachments' | 'calendar'>;

/** "Clínica, Rua, 10 - Bairro, Cidade/UF", or the clinic's name when it has no address yet. */
export function clinicLocation(clinic: { name: string }, address: MailAddress | null): string {
  return address
    ? `${clinic.name}, ${address.street}, ${address.number} - ${address.neighborhood}, ${address.city}/${address.state}`
    : clinic.name;
}

/** "1 h", "30 min": how long one appointment lasts. */
const lengthOf = (a: { startsAt: Date; endsAt: Date }) =>
  durationLabel((a.endsAt.getTime() - a.startsAt.getTime()) / 60_000);

/** "janeiro de 2027": the month of a horário fixo's booking (its first hour's). */
export const monthName = (d: MailBooking) =>
  new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: d.clinic.timezone }).format(
    d.items[0]?.startsAt ?? d.booking.createdAt,
  );

export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** "27/11/2026 às 14:00" in the clinic's zone. */
export const when = (d: Date, tz: string) => {
  const iso = toZonedIso(d, tz);
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} às ${iso.slice(11, 16)}`;
};

const WEEKDAYS = ['dom.', 'seg.', 'ter.', 'qua.', 'qui.', 'sex.', 'sáb.'];

/** "sex. 27/11": the day of an instant in the clinic's zone, as a subject says it. */
export function dayLabel(d: Date, tz: string): string {
  const iso = toZonedIso(d, tz);
  const weekday = new Date(`${iso.slice(0, 10)}T12:00:00Z`).getUTCDay();
  return `${WEEKDAYS[weekday]} ${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
}

export const clock = (d: Date, tz: string) => toZonedIso(d, tz).slice(11, 16);

/** "sex. 27/11, 14:00–16:00": one run of contiguous hours. */
export const runLabel = (run: { start: Date; end: Date }, tz: string) =>
  `${dayLabel(run.start, tz)}, ${clock(run.start, tz)}–${clock(run.end, tz)}`;

/**
 * "sex. 27/11, 14:00–16:00" for hours that follow one another; "sex. 27/11, 09:00–10:00 e mais 3
 * horários" when there are more: the date a subject names.
 */
export function hoursLabel(
  hours: readonly { id: number; uuid: string; startsAt: Date; endsAt: Date }[],
  tz: string,
) {
  const [first] = hourRuns(hours);
  if (!first) return '';
  const label = runLabel({ start: first[0]!.startsAt, end: first.at(-1)!.endsAt }, tz);
  const more = hours.length - first.length;
  return more === 0 ? label : `${label} e mais ${more} ${more === 1 ? 'horário' : 'horários'}`;
}

/** "Consultório Jardim (Clínica Vida)". */
export const placeOf = (d: Pick<MailBooking, 'room' | 'clinic'>) => `${d.room.name} (${d.clinic.name})`;

/** The address in MAIL_FROM: "Salas <nao-responda@salas.app>" → "nao-responda@salas.app". */
export const senderAddress = (from: string) => /<([^<>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();

export const myBookings = (ctx: Pick<MailContext, 'publicUrl'>) =>
  `${ctx.publicUrl}/especialista/agendamentos`;

/** Hours gone from the calendar already (canceled or let expire). */
const goneHours = (d: MailBooking) =>
  new Set(d.items.filter((a) => a.status === 'canceled' || a.status === 'expired').map((a) => a.id));

/** One event as an iMIP message (docs/decisions/0041): one VEVENT, its UID and SEQUENCE. */
export function eventCalendar(
  ctx: MailContext,
  d: MailBooking,
  event: BookingEventChange,
  attendee: IcsPerson,
): MailCalendar {
  const content = icsCalendar(
    [
      {
        uid: event.uid,
        start: event.start,
        end: event.end,
        summary: `${d.room.name} — ${d.clinic.name}`,
        location: clinicLocation(d.clinic, d.address),
        sequence: event.sequence,
        attendee,
      },
    ],
    { now: ctx.now, method: event.method, organizer: { name: 'Salas', email: senderAddress(ctx.mailFrom) } },
  );
  return {
    method: event.method,
    filename: event.method === 'REQUEST' ? 'reserva.ics' : 'cancelamento.ics',
    content,
  };
}

/**
 * The short mail that carries one more event of a booking to the calendar: an invitation for a
 * further run of hours, or the update or cancellation of one that a change touched.
 */
export function calendarOnlyMail(
  ctx: MailContext,
  d: MailBooking,
  event: BookingEventChange,
  attendee: IcsPerson,
  why: 'invitation' | 'change',
  bookingsLink = true,
): BookingMail {
  const tz = d.clinic.timezone;
  const label = runLabel(event, tz);
  const mail = renderMail({
    subject:
      why === 'invitation'
        ? `Convite de calendário: ${d.room.name}, ${label}`
        : `Calendário atualizado: ${d.room.name}, ${label}`,
    greeting: `Olá, ${firstName(attendee.name)}!`,
    paragraphs: [
      why === 'invitation'
        ? `Mais um bloco de horários da sua reserva, para o seu calendário — ${placeOf(d)}: ${label}.`
        : event.method === 'CANCEL'
          ? `Este aviso tira do seu calendário os horários cancelados — ${placeOf(d)}: ${label}.`
          : `Este aviso atualiza no seu calendário os horários que continuam reservados — ${placeOf(d)}: ${label}.`,
      ...event.hours.map((a) => `• ${when(a.startsAt, tz)} (${lengthOf(a)})`),
      why === 'invitation'
        ? 'A confirmação da reserva, com todos os horários, chegou em outro e-mail. Cada bloco de horários seguidos vai em um convite próprio, para que todo app de calendário guarde todos.'
        : 'O e-mail sobre a mudança, com os detalhes, chegou em separado. Cada bloco de horários seguidos tem o seu próprio aviso.',
    ],
    ...(bookingsLink ? { action: { label: 'Meus agendamentos', url: myBookings(ctx) } } : {}),
  });
  return { ...mail, calendar: eventCalendar(ctx, d, event, attendee) };
}

/** The confirmation with its first event's invitation, after one short mail per further event. */
export function confirmedMails(ctx: MailContext, d: MailBooking): BookingMail[] {
  const tz = d.clinic.timezone;
  const attendee = { name: d.customer.name, email: d.customer.email };
  const events = bookingEvents(d.items, goneHours(d), ctx.publicUrl).map(
    (e): BookingEventChange => ({ ...e, method: 'REQUEST' }),
  );
  const more = events.length - 1;
  const live = events.flatMap((e) => e.hours);
  const mail = renderMail({
    subject: `Reserva confirmada: ${d.room.name}, ${hoursLabel(live, tz)}`,
    greeting: `Olá, ${firstName(d.customer.name)}!`,
    paragraphs: [
      `Sua reserva está confirmada — ${placeOf(d)}:`,
      ...live.map((a) => `• ${when(a.startsAt, tz)} (${lengthOf(a)})`),
      `Endereço: ${clinicLocation(d.clinic, d.address)}.`,
      `Total pago: ${formatBrl(d.booking.amountCents)}.`,
      more <= 0
        ? 'O convite para o seu calendário segue neste e-mail.'
        : `O convite para o seu calendário segue neste e-mail, com o primeiro bloco de horários; ${more === 1 ? 'o outro bloco chegou' : `os outros ${more} blocos chegaram`} em e-mails separados, um convite por bloco.`,
      `Cancelamento gratuito até ${FREE_CANCELLATION_HOURS} horas antes de cada horário.`,
    ],
    action: { label: 'Ver minha reserva', url: `${myBookings(ctx)}/${d.booking.uuid}` },
  });
  const [first, ...rest] = events;
  return [
    ...rest.map((e) => calendarOnlyMail(ctx, d, e, attendee, 'invitation')),
    { ...mail, ...(first ? { calendar: eventCalendar(ctx, d, first, attendee) } : {}) },
  ];
}

export type CancelActor = 'customer' | 'partner' | 'operator' | 'hold_job' | 'provider';

const cancelSubjects: Record<CancelActor, string> = {
  customer: 'Reserva cancelada',
  partner: 'Reserva cancelada pela clínica',
  operator: 'Reserva cancelada pela equipe Salas',
  hold_job: 'Prazo do Pix encerrado, horários liberados',
  provider: 'Pagamento devolvido, reserva cancelada',
};

/** "Você cancelou o horário de 10/03/2026 às 14:00 — Sala 1 (Clínica)." and the like. */
function cancelSentence(actor: CancelActor, d: MailBooking, hours: string[]): string {
  const place = placeOf(d);
  const one = hours.length === 1;
  const n = hours.length;
  switch (actor) {
    case 'customer':
      return one
        ? `Você cancelou o horário de ${hours[0]} — ${place}.`
        : `Você cancelou ${n} horários — ${place}:`;
    case 'partner':
      return `A clínica cancelou ${one ? `o horário de ${hours[0]} da sua reserva — ${place}.` : `${n} horários da sua reserva — ${place}:`}`;
    case 'operator':
      return `A equipe Salas cancelou ${one ? `o horário de ${hours[0]} da sua reserva — ${place}.` : `${n} horários da sua reserva — ${place}:`}`;
    case 'hold_job':
      return `O Pix não foi pago dentro dos 15 minutos, e ${one ? `o horário de ${hours[0]} foi liberado — ${place}.` : `os ${n} horários foram liberados — ${place}:`}`;
    case 'provider':
      // The provider reports the payment given back (a refund in its dashboard, a dispute).
      return `O pagamento foi devolvido pela operadora de pagamento, e ${one ? `o horário de ${hours[0]} foi cancelado — ${place}.` : `os ${n} horários da reserva foram cancelados — ${place}:`}`;
  }
}

const wasPaid = (payment: MailBooking['payment']) =>
  Boolean(payment?.paidAt) || ['paid', 'partially_refunded', 'refunded'].includes(payment?.status ?? '');

/**
 * Whether the booking's hours were ever put in the person's calendar. The invitation goes with the
 * confirmation, and a booking is confirmed only when its payment is captured (confirmed implies
 * paid), so the cancellation of hours held while unpaid — canceled by anyone, or let expire — is
 * told without a calendar part: no CANCEL for an invitation never sent (DESIGN §8 "Calendar files").
 * A payment that arrives after the booking ended never confirmed it either (see
 * `pixLateRefundedMails`). Read inside the cancel's own transaction, so the payment is as it was.
 */
export const invitationSent = (d: Pick<MailBooking, 'payment'>) => wasPaid(d.payment);

export interface CancelInput {
  appointmentIds: number[];
  actor: CancelActor;
  refundCents: number;
  wholeBooking: boolean;
}

/**
 * Which hours were canceled, by whom, and what comes back; the calendar messages take exactly
 * those hours off (a CANCEL for an event left empty, a REQUEST for one that shrank or split).
 */
export function canceledMails(ctx: MailContext, d: MailBooking, input: CancelInput): BookingMail[] {
  const now = new Set(input.appointmentIds);
  const canceled = d.items.filter((a) => now.has(a.id));
  if (canceled.length === 0) return [];
  const tz = d.clinic.timezone;
  const hours = canceled.map((a) => when(a.startsAt, tz));
  const paid = wasPaid(d.payment);
  const refund =
    input.refundCents > 0
      ? `O valor de ${formatBrl(input.refundCents)} ${input.actor === 'provider' ? 'foi' : 'será'} devolvido pelo mesmo meio de pagamento; o prazo depende do seu banco ou operadora.`
      : input.actor === 'customer' && paid
        ? `Como o cancelamento foi feito a menos de ${FREE_CANCELLATION_HOURS} horas do início, não há reembolso.`
        : `Não houve cobrança para ${hours.length === 1 ? 'este horário' : 'estes horários'}.`;
  const before = new Set([...goneHours(d)].filter((id) => !now.has(id)));
  const changes = invitationSent(d) ? bookingEventChanges(d.items, before, now, ctx.publicUrl) : [];
  const attendee = { name: d.customer.name, email: d.customer.email };
  const mail = renderMail({
    subject: `${cancelSubjects[input.actor]}: ${d.room.name}, ${hoursLabel(canceled, tz)}`,
    greeting: `Olá, ${firstName(d.customer.name)}!`,
    paragraphs: [
      cancelSentence(input.actor, d, hours),
      ...(hours.length > 1 ? hours.map((h) => `• ${h}`) : []),
      ...(input.wholeBooking && !paid && d.items.length > 1
        ? ['Como a reserva ainda não tinha sido paga, todos os horários dela foram cancelados juntos.']
        : []),
      refund,
      ...(changes.length > 1
        ? [
            `O aviso para o seu calendário segue neste e-mail; ${changes.length === 2 ? 'outro aviso chegou' : `outros ${changes.length - 1} avisos chegaram`} em separado, um por bloco de horários.`,
          ]
        : changes.length === 1
          ? ['O aviso para o seu calendário segue neste e-mail.']
          : []),
    ],
    action: { label: 'Meus agendamentos', url: myBookings(ctx) },
  });
  const [first, ...rest] = changes;
  return [
    ...rest.map((e) => calendarOnlyMail(ctx, d, e, attendee, 'change')),
    { ...mail, ...(first ? { calendar: eventCalendar(ctx, d, first, attendee) } : {}) },
  ];
}

/** The Pix to pay: the code to copy in its own box (it wraps on a phone), the QR image attached. */
export function pixPendingMail(ctx: MailContext, d: MailBooking): RenderedMail {
  const tz = d.clinic.timezone;
  const n = d.items.length;
  const series = Boolean(d.booking.seriesId && d.payment?.pixExpiresAt);
  return renderMail({
    subject: `Pague com Pix para confirmar: ${d.room.name}, ${hoursLabel(d.items, tz)}`,
    greeting: `Olá, ${firstName(d.customer.name)}!`,
    paragraphs: [
      series
        ? `Chegou a cobrança de ${monthName(d)} do seu horário fixo — ${placeOf(d)}. Pague até ${when(d.payment!.pixExpiresAt!, tz)}: depois disso os horários do mês são liberados.`
        : `Guardamos ${n === 1 ? 'o horário' : `os ${n} horários`} por 15 minutos — ${placeOf(d)}:`,
      ...(series ? [] : d.items.map((a) => `• ${when(a.startsAt, tz)} (${lengthOf(a)})`)),
      `Valor: ${formatBrl(d.booking.amountCents)}. Copie o código abaixo e cole no app do seu banco, em Pix copia e cola:`,
      'O QR Code do pagamento segue anexo, para ler com a câmera do app do banco.',
      'Se o pagamento não chegar a tempo, os horários são liberados e nada é cobrado.',
    ],
    copy: {
      label: 'Pix copia e cola',
      value: d.payment?.pixCopyPaste ?? '',
      after: series ? 2 : n + 2,
    },
    action: { label: 'Abrir em Meus agendamentos', url: `${myBookings(ctx)}/${d.booking.uuid}` },
  });
}

/** The Pix arrived in time: a receipt, before the confirmation with the calendar invitation. */
export function pixReceivedMail(ctx: MailContext, d: MailBooking): RenderedMail {
  const tz = d.clinic.timezone;
  const amount = formatBrl(d.payment?.amountCents ?? d.booking.amountCents);
  const n = d.items.length;
  return renderMail({
    subject: `Pagamento recebido: ${amount} — ${d.room.name}, ${hoursLabel(d.items, tz)}`,
    greeting: `Olá, ${firstName(d.customer.name)}!`,
    paragraphs: [
      `Recebemos seu Pix de ${amount} em ${when(d.payment?.paidAt ?? ctx.now, tz)}.`,
      `Ele paga ${n === 1 ? 'o horário' : `os ${n} horários`} da sua reserva — ${placeOf(d)}:`,
      ...d.items.map((a) => `• ${when(a.startsAt, tz)} (${lengthOf(a)})`),
      `Identificador do pagamento: ${d.payment?.uuid ?? '—'}.`,
    ],
  });
}

/**
 * A Pix (or a card's capture) arriving after its booking ended — the hold expired, or the booking
 * was canceled while unpaid: the hours are not kept and the money goes back. The booking was never
 * confirmed, so no invitation was ever sent and no calendar part goes either (DESIGN §8).
 */
export function pixLateRefundedMails(_ctx: MailContext, d: MailBooking): BookingMail[] {
  const tz = d.clinic.timezone;
  const expired = d.booking.status === 'expired';
  const amount = formatBrl(d.payment?.amountCents ?? d.booking.amountCents);
  // A card's capture can arrive late too (a review at the issuer, or an answer our process lost).
  const card = d.payment?.method === 'card';
  const arrived = `${card ? 'Pagamento confirmado' : 'Pix recebido'} ${expired ? 'fora do prazo' : 'após o cancelamento'}`;
  const mail = renderMail({
    subject: `${arrived}, valor devolvido: ${d.room.name}, ${hoursLabel(d.items, tz)}`,
    greeting: `Olá, ${firstName(d.customer.name)}!`,
    paragraphs: [
      card
        ? `O pagamento de ${amount} no seu cartão foi confirmado depois que ${expired ? 'o prazo da reserva tinha acabado' : 'a reserva tinha sido cancelada'}, e os horários já tinham sido liberados — ${placeOf(d)}:`
        : expired
          ? `Seu Pix de ${amount} chegou depois dos 15 minutos da reserva, e os horários já tinham sido liberados — ${placeOf(d)}:`
          : `Seu Pix de ${amount} chegou depois que a reserva tinha sido cancelada, e os horários já tinham sido liberados — ${placeOf(d)}:`,
      ...d.items.map((a) => `• ${when(a.startsAt, tz)} (${lengthOf(a)})`),
      card
        ? 'Devolvemos o valor integralmente no mesmo cartão; o estorno aparece na fatura conforme o prazo do emissor. Se ainda quiser a sala, faça uma nova reserva.'
        : 'Devolvemos o valor integralmente pelo mesmo Pix; o prazo depende do seu banco. Se ainda quiser a sala, faça uma nova reserva.',
    ],
  });
  return [mail];
}

export interface ReminderInput {
  email: string;
  name: string;
  room: string;
  clinic: { name: string; timezone: string };
  location: string;
  starts: Date[];
}

/** Tomorrow's hours of one specialist in one room. */
export function reminderMail(ctx: MailContext, r: ReminderInput): RenderedMail {
  const tz = r.clinic.timezone;
  const first = r.starts[0] ?? ctx.now;
  const more = r.starts.length - 1;
  return renderMail({
    subject: `Lembrete de amanhã: ${r.room}, ${dayLabel(first, tz)} às ${clock(first, tz)}${more > 0 ? ` e mais ${more} ${more === 1 ? 'horário' : 'horários'}` : ''}`,
    greeting: `Olá, ${firstName(r.name)}!`,
    paragraphs: [
      `Lembrete da sua reserva de amanhã — ${r.room} (${r.clinic.name}):`,
      ...r.starts.map((d) => `• ${when(d, tz)}`),
      `Endereço: ${r.location}.`,
      'Se não puder ir, cancele em Meus agendamentos para liberar o horário. A menos de 24 horas do início não há reembolso.',
    ],
    action: { label: 'Meus agendamentos', url: myBookings(ctx) },
  });
}

/**
 * A horário fixo's month could not be charged on the saved card: the person learns until when it
 * is tried again, and that the month's hours are released if no charge goes through by then.
 */
export function seriesChargeRefusedMail(d: MailBooking): RenderedMail {
  const tz = d.clinic.timezone;
  return renderMail({
    subject: `Cobrança do horário fixo recusada: ${d.room.name}, ${monthName(d)}`,
    greeting: `Olá, ${firstName(d.customer.name)}!`,
    paragraphs: [
      `Não conseguimos cobrar ${formatBrl(d.booking.amountCents)} no cartão salvo pelos horários de ${monthName(d)} do seu horário fixo — ${placeOf(d)}.`,
      `Tentaremos de novo todos os dias${d.booking.holdExpiresAt ? ` até ${when(d.booking.holdExpiresAt, tz)}` : ''}. Se o banco recusou por limite ou bloqueio, resolva com ele até lá.`,
      'Se nenhuma cobrança der certo até lá, os horários deste mês são liberados e nada é cobrado.',
    ],
  });
}
