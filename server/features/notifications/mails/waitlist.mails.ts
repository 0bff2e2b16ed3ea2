/** The mail that offers a freed time to the person waiting for it (decision 0025). */
import { formatBrl } from '#common/money';
import { type RenderedMail, renderMail } from '../../../lib/mail-template.ts';
import { runLabel, when } from './booking.mails.ts';

/** What the offer reads (notifications.repository.ts `waitlistOffer`). */
export interface WaitlistOffer {
  entry: { uuid: string; offerExpiresAt: Date | null };
  booking: { amountCents: number };
  room: { name: string };
  clinic: { name: string; timezone: string };
  /** The person waiting (their WhatsApp number too, when they opted in). */
  customer: {
    id: number;
    name: string;
    email: string;
    whatsappPhone: string | null;
    whatsappOptedInAt: Date | null;
  };
  hours: { startsAt: Date; endsAt: Date }[];
}

export function waitlistOfferMail(publicUrl: string, row: WaitlistOffer): RenderedMail {
  const tz = row.clinic.timezone;
  const first = row.hours[0]!;
  const last = row.hours.at(-1)!;
  const link = `${publicUrl}/especialista/agendamentos?oferta=${row.entry.uuid}`;
  return renderMail({
    subject: `Vagou um horário: ${row.room.name}, ${runLabel({ start: first.startsAt, end: last.endsAt }, tz)} — guardado para você`,
    greeting: `Olá, ${row.customer.name.split(' ')[0]}!`,
    paragraphs: [
      `O horário que você esperava ficou livre — ${row.room.name} (${row.clinic.name}): ${when(first.startsAt, tz)} até ${when(last.endsAt, tz).slice(-5)}.`,
      `Ele está guardado para você até ${when(row.entry.offerExpiresAt!, tz)} (15 minutos). Valor: ${formatBrl(row.booking.amountCents)}.`,
      `Para confirmar, pague com cartão ou Pix em Meus agendamentos: ${link}`,
      'Se não pagar até lá, o horário passa para a próxima pessoa da lista de espera.',
    ],
  });
}
