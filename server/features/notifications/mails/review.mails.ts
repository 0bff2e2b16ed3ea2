/** The invitation to review a room after a booking ended (DESIGN §10 "Reviews"). */
import { REVIEW_WINDOW_DAYS } from '#common/contracts/reviews';
import type { users } from '../../../db/schema.ts';
import { type RenderedMail, renderMail } from '../../../lib/mail-template.ts';
import { dayLabel, firstName, placeOf, when } from './booking.mails.ts';

/** What the invitation reads (notifications.repository.ts `reviewInvitation`). */
export interface ReviewInvitation {
  booking: { uuid: string };
  room: { name: string };
  clinic: { name: string; timezone: string };
  /** The specialist (their WhatsApp number too, when they opted in). */
  customer: Pick<typeof users.$inferSelect, 'id' | 'name' | 'email' | 'whatsappPhone' | 'whatsappOptedInAt'>;
  /** When the booking's last hour (that took place) ended. */
  endedAt: Date;
}

/** Where the specialist rates this booking's room. */
export const reviewLink = (publicUrl: string, r: ReviewInvitation) =>
  `${publicUrl}/especialista/avaliacoes/${r.booking.uuid}`;

/** The last moment the booking may be reviewed ("28/12/2026 às 11:00", clinic time). */
export const reviewUntil = (r: ReviewInvitation) =>
  when(new Date(r.endedAt.getTime() + REVIEW_WINDOW_DAYS * 86_400_000), r.clinic.timezone);

export function reviewInvitationMail(publicUrl: string, r: ReviewInvitation): RenderedMail {
  return renderMail({
    subject: `Avalie sua reserva: ${r.room.name}, ${dayLabel(r.endedAt, r.clinic.timezone)}`,
    greeting: `Olá, ${firstName(r.customer.name)}!`,
    paragraphs: [
      `Sua reserva em ${placeOf(r)} terminou em ${when(r.endedAt, r.clinic.timezone)}. Como foi?`,
      'Conte para nós: de 1 a 5 estrelas e, se quiser, um comentário. Leva um minuto e ajuda outros profissionais a escolher a sala certa.',
      `Você pode avaliar até ${reviewUntil(r)}.`,
    ],
    action: { label: 'Avaliar a sala', url: reviewLink(publicUrl, r) },
    footnote: 'Na página da sala, sua avaliação aparece só com o seu primeiro nome.',
  });
}
