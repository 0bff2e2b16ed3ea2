/**
 * Waitlist (decision 0025): POST /api/customer/waitlist, GET /api/customer/waitlist,
 * DELETE /api/customer/waitlist/{uuid}, POST /api/customer/waitlist/{uuid}/claim.
 */
import { z } from 'zod';
import { bookingSchema } from './booking.ts';
import { marketDate } from './dates.ts';

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Horário inválido: use HH:MM.');

export const waitlistMessages = {
  range: 'O fim precisa ser depois do início.',
  past: 'Escolha um horário que ainda não passou.',
  tooMany: 'Você já está em 10 listas de espera. Saia de alguma antes de entrar em outra.',
  notFound: 'Entrada da lista de espera não encontrada.',
  noOffer: 'Não há horário guardado para você nesta lista de espera (o prazo pode ter acabado).',
  paying: 'O pagamento deste horário já está em andamento. Aguarde um instante.',
  joined: 'Pronto! Avisaremos por e-mail se um horário desse período vagar.',
} as const;

export const waitlistBody = z
  .object({
    room_uuid: z.uuid({ message: 'Sala não encontrada.' }),
    date: marketDate(),
    from: hhmm,
    to: hhmm,
  })
  .refine((b) => b.from < b.to, { message: waitlistMessages.range, path: ['to'] });
export type WaitlistBody = z.input<typeof waitlistBody>;

export const waitlistEntrySchema = z.object({
  uuid: z.uuid(),
  status: z.enum(['waiting', 'offered', 'booked', 'left', 'expired']),
  room: z.object({ uuid: z.uuid(), name: z.string(), clinic: z.string() }),
  date: z.string(),
  from: z.string(),
  to: z.string(),
  /** While a freed time is held for the person: which, until when, and what it costs. */
  offer: z
    .object({
      booking_uuid: z.uuid(),
      date_times: z.array(z.string()),
      expires_at: z.string(),
      amount_cents: z.number().int(),
    })
    .nullable(),
  created_at: z.string(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;
export const waitlistEntryResponse = z.object({ data: waitlistEntrySchema });
export const waitlistListResponse = z.object({ data: z.array(waitlistEntrySchema) });

export const waitlistClaimBody = z.object({
  payment_method: z.enum(['card', 'pix'], { message: 'Escolha cartão ou Pix.' }),
  card_uuid: z.uuid({ message: 'Escolha um cartão.' }).nullish(),
  card_token: z.string().trim().min(8).max(200).nullish(),
});
export const waitlistClaimResponse = z.object({ data: bookingSchema });
