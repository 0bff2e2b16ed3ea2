/**
 * The WhatsApp words of the table (notifications.ts): each booking event a person hears of on
 * WhatsApp becomes one of the registered templates (whatsapp.templates.ts) with its values — the
 * room and clinic, the day and hours in the clinic's zone, and a link. A message told only on
 * WhatsApp (the partner's notices, "starts soon", "Pix about to expire") carries the mail written
 * in its place if WhatsApp fails for good.
 */
import { formatBrl } from '#common/money';
import { type RenderedMail, renderMail } from '../../lib/mail-template.ts';
import {
  type CancelInput,
  clinicLocation,
  clock,
  dayLabel,
  firstName,
  hoursLabel,
  invitationSent,
  type MailBooking,
  type MailContext,
  monthName,
  myBookings,
  placeOf,
  runLabel,
  when,
} from './mails/booking.mails.ts';
import { type ReviewInvitation, reviewLink, reviewUntil } from './mails/review.mails.ts';
import type { WaitlistOffer } from './mails/waitlist.mails.ts';
import type { WhatsAppTemplateName } from './whatsapp.templates.ts';

/** One WhatsApp message: a template and its values. */
export interface WhatsAppNote {
  template: WhatsAppTemplateName;
  params: string[];
  /** The booking its quick replies act on (templates with buttons). */
  bookingUuid?: string;
  /** The mail written instead if WhatsApp fails for good: messages told only on WhatsApp. */
  fallback?: RenderedMail;
}

const bookingLink = (ctx: MailContext, uuid: string) => `${myBookings(ctx)}/${uuid}`;
const agendaLink = (ctx: MailContext) => `${ctx.publicUrl}/parceiro/gestao/agendamentos`;
const liveHours = (d: MailBooking) => d.items.filter((a) => a.status !== 'canceled');

/** The booking is confirmed (a horário fixo's month: paid). */
export function confirmedNote(ctx: MailContext, d: MailBooking): WhatsAppNote {
  const tz = d.clinic.timezone;
  if (d.booking.seriesId)
    return {
      template: 'horario_fixo_pago',
      params: [placeOf(d), monthName(d), formatBrl(d.booking.amountCents), bookingLink(ctx, d.booking.uuid)],
    };
  return {
    template: 'reserva_confirmada',
    params: [placeOf(d), hoursLabel(liveHours(d), tz), bookingLink(ctx, d.booking.uuid)],
    bookingUuid: d.booking.uuid,
  };
}

const cancelers: Partial<Record<CancelInput['actor'], string>> = {
  partner: 'pela clínica',
  operator: 'pela equipe Salas',
};

/** Hours canceled by the clinic (or the operator): what the specialist reads on WhatsApp. */
export function canceledNote(ctx: MailContext, d: MailBooking, e: CancelInput): WhatsAppNote | undefined {
  const by = cancelers[e.actor];
  const canceled = d.items.filter((a) => e.appointmentIds.includes(a.id));
  if (!by || canceled.length === 0) return undefined;
  const back =
    e.refundCents > 0
      ? `O valor de ${formatBrl(e.refundCents)} será devolvido pelo mesmo meio de pagamento.`
      : 'Não há valor a devolver.';
  return {
    template: 'reserva_cancelada',
    params: [placeOf(d), hoursLabel(canceled, d.clinic.timezone), by, back, myBookings(ctx)],
  };
}

export function waitlistOfferNote(ctx: MailContext, row: WaitlistOffer): WhatsAppNote {
  const tz = row.clinic.timezone;
  const first = row.hours[0]!;
  const last = row.hours.at(-1)!;
  return {
    template: 'vaga_lista_espera',
    params: [
      placeOf(row),
      runLabel({ start: first.startsAt, end: last.endsAt }, tz),
      when(row.entry.offerExpiresAt ?? ctx.now, tz),
      `${myBookings(ctx)}?oferta=${row.entry.uuid}`,
    ],
  };
}

export function seriesRefusedNote(ctx: MailContext, d: MailBooking): WhatsAppNote {
  const until = d.booking.holdExpiresAt ? when(d.booking.holdExpiresAt, d.clinic.timezone) : 'o fim do prazo';
  return {
    template: 'horario_fixo_recusado',
    params: [placeOf(d), monthName(d), until, bookingLink(ctx, d.booking.uuid)],
  };
}

/** The Pix of a booking is about to expire: told on WhatsApp, mailed if WhatsApp fails. */
export function pixExpiringNote(ctx: MailContext, d: MailBooking): WhatsAppNote {
  const tz = d.clinic.timezone;
  const expires = d.payment?.pixExpiresAt ?? d.booking.holdExpiresAt ?? ctx.now;
  const link = bookingLink(ctx, d.booking.uuid);
  const hours = hoursLabel(liveHours(d), tz);
  return {
    template: 'pix_expirando',
    params: [placeOf(d), hours, clock(expires, tz), link],
    fallback: renderMail({
      subject: `Seu Pix vence às ${clock(expires, tz)}: ${d.room.name}, ${hours}`,
      greeting: `Olá, ${firstName(d.customer.name)}!`,
      paragraphs: [
        `O Pix da sua reserva — ${placeOf(d)}, ${hours} — vence às ${clock(expires, tz)}.`,
        'Pague até lá para confirmar; depois disso os horários são liberados e nada é cobrado.',
      ],
      action: { label: 'Pagar em Meus agendamentos', url: link },
    }),
  };
}

/** What "starts soon" reads: one person's hours of one booking in one room on one day. */
export interface SoonHours {
  bookingUuid: string;
  customer: { name: string };
  room: { name: string };
  clinic: { name: string; timezone: string };
  location: string;
  starts: Date[];
}

/** The booking starts within the reminder's hours, with the one-tap answers. */
export function bookingSoonNote(ctx: MailContext, r: SoonHours): WhatsAppNote {
  const tz = r.clinic.timezone;
  const first = r.starts[0] ?? ctx.now;
  const more = r.starts.length - 1;
  const at = `${dayLabel(first, tz)} às ${clock(first, tz)}${more > 0 ? ` (e mais ${more} ${more === 1 ? 'horário' : 'horários'})` : ''}`;
  const link = bookingLink(ctx, r.bookingUuid);
  const place = placeOf(r);
  return {
    template: 'reserva_em_breve',
    params: [place, at, r.location, link],
    bookingUuid: r.bookingUuid,
    fallback: renderMail({
      subject: `Sua reserva começa em breve: ${r.room.name}, ${at}`,
      greeting: `Olá, ${firstName(r.customer.name)}!`,
      paragraphs: [
        `Sua reserva começa ${at} — ${place}.`,
        `Endereço: ${r.location}.`,
        'Se não puder ir, cancele em Meus agendamentos para liberar o horário.',
      ],
      action: { label: 'Ver minha reserva', url: link },
    }),
  };
}

/** A partner's notice of a booking in its rooms (new, or canceled by someone else). */
function partnerNote(
  ctx: MailContext,
  d: MailBooking,
  hours: MailBooking['items'],
  template: 'parceiro_nova_reserva' | 'parceiro_reserva_cancelada',
  partnerName: string,
): WhatsAppNote {
  const label = hoursLabel(hours, d.clinic.timezone);
  const what = template === 'parceiro_nova_reserva' ? 'Nova reserva' : 'Reserva cancelada';
  return {
    template,
    params: [placeOf(d), label, d.customer.name, agendaLink(ctx)],
    fallback: renderMail({
      subject: `${what}: ${d.room.name}, ${label}`,
      greeting: `Olá, ${firstName(partnerName)}!`,
      paragraphs: [
        `${what} em ${placeOf(d)}: ${label}, de ${d.customer.name}.`,
        `Endereço: ${clinicLocation(d.clinic, d.address)}.`,
      ],
      action: { label: 'Ver agenda', url: agendaLink(ctx) },
    }),
  };
}

export const partnerBookedNote = (ctx: MailContext, d: MailBooking, partnerName: string) =>
  partnerNote(ctx, d, liveHours(d), 'parceiro_nova_reserva', partnerName);

/**
 * Hours of a booking the partner was told of (a paid one) canceled by someone else than the
 * partner; undefined when there is nothing to tell.
 */
export function partnerCanceledNote(
  ctx: MailContext,
  d: MailBooking,
  e: CancelInput,
  partnerName: string,
): WhatsAppNote | undefined {
  const canceled = d.items.filter((a) => e.appointmentIds.includes(a.id));
  if (e.actor === 'partner' || !invitationSent(d) || canceled.length === 0) return undefined;
  return partnerNote(ctx, d, canceled, 'parceiro_reserva_cancelada', partnerName);
}

/** The booking ended: the specialist is asked to rate the room (a link to the form, no buttons). */
export function reviewInvitationNote(ctx: MailContext, r: ReviewInvitation): WhatsAppNote {
  return {
    template: 'avaliar_reserva',
    params: [
      placeOf(r),
      dayLabel(r.endedAt, r.clinic.timezone),
      reviewUntil(r),
      reviewLink(ctx.publicUrl, r),
    ],
  };
}
