/**
 * The operator's desk (DESIGN §9 "The operator's desk and the specialist's booking"): bookings newest
 * first, searched by person name, e-mail, CPF, room or booking uuid and filtered by status, by the
 * dates of their hours and by person; one booking with its hours, payment, refunds, the messages
 * (mails and WhatsApp) sent about it and its history; the operator's cancel with a reason (full
 * refund through the lifecycle), kept in the audit log (decision 0036).
 */
import { z } from 'zod';
import { marketDate } from './dates.ts';
import { pageMeta, pageQuery } from './rooms.ts';

export const deskBookingStatuses = ['pending_payment', 'confirmed', 'canceled', 'expired', 'failed'] as const;

export const deskQuery = pageQuery
  .extend({
    search: z.string().trim().max(120, 'Busca longa demais.').optional(),
    status: z.enum(deskBookingStatuses, { message: 'Situação inválida.' }).optional(),
    /** Bookings with an hour on or after this date (the clinic's calendar). */
    dateInit: marketDate().optional(),
    /** Bookings with an hour on or before this date (the clinic's calendar). */
    dateEnd: marketDate().optional(),
    /** One person's bookings (the user's uuid). */
    customer: z.uuid({ message: 'Pessoa inválida.' }).optional(),
  })
  .refine((q) => !q.dateInit || !q.dateEnd || q.dateInit <= q.dateEnd, {
    message: 'A data final vem antes da inicial.',
    path: ['dateEnd'],
  });
export type DeskQuery = z.input<typeof deskQuery>;

const person = z.object({ uuid: z.uuid(), name: z.string(), email: z.string() });
const deskAppointment = z.object({ uuid: z.uuid(), date_time: z.string(), status: z.string() });

export const deskBookingSchema = z.object({
  uuid: z.uuid(),
  customer: person,
  /** A booking a partner recorded for someone off the platform: who (the customer is the partner). */
  outside: z.object({ name: z.string(), email: z.string().nullable() }).nullable(),
  room: z.object({ uuid: z.uuid(), name: z.string() }),
  clinic: z.object({ uuid: z.uuid(), name: z.string() }),
  status: z.string(),
  amount_cents: z.number().int(),
  /** card | pix | manual. */
  payment_method: z.string(),
  /** The payment's status (disputes show beside the amount); null without a payment (manual). */
  payment_status: z.string().nullable(),
  created_at: z.string(),
  appointments: z.array(deskAppointment),
});
export type DeskBooking = z.infer<typeof deskBookingSchema>;
export const deskBookingPage = z.object({ data: z.array(deskBookingSchema), meta: pageMeta });

const actor = z.object({ name: z.string(), email: z.string(), role_name: z.string() });

/**
 * One message of the outbox about this booking, a mail or a WhatsApp (how they are matched:
 * decision 0036, and the event the message was written for). A WhatsApp's subject is the text the
 * person read, and its recipient the number with the middle digits hidden.
 */
export const deskMailSchema = z.object({
  uuid: z.uuid(),
  channel: z.enum(['email', 'whatsapp']),
  subject: z.string(),
  /** The WhatsApp template's name as registered at Meta; null for mails and free-form texts. */
  template: z.string().nullable(),
  recipient: z.string(),
  /** The outbox's: pending | sent | failed | skipped. */
  status: z.string(),
  /** What WhatsApp said of it afterwards (sent | delivered | read | failed); null for mails. */
  delivery_status: z.enum(['sent', 'delivered', 'read', 'failed']).nullable(),
  delivery_updated_at: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type DeskMail = z.infer<typeof deskMailSchema>;

export const deskHistoryKinds = [
  'created',
  'paid',
  'payment_failed',
  'expired',
  'provider_event',
  'canceled',
  'operator_cancel',
  'refund',
] as const;

/** One step of the booking's life, oldest first. */
export const deskHistorySchema = z.object({
  at: z.string(),
  kind: z.enum(deskHistoryKinds),
  description: z.string(),
  /** The person who did it; null for the system (the Pix deadline, the payment provider). */
  actor: actor.nullable(),
});
export type DeskHistoryEntry = z.infer<typeof deskHistorySchema>;

export const deskBookingDetailSchema = deskBookingSchema.extend({
  clinic: z.object({
    uuid: z.uuid(),
    name: z.string(),
    address: z.string().nullable(),
    timezone: z.string(),
    partner: z.object({ uuid: z.uuid(), name: z.string(), email: z.string() }),
  }),
  note: z.string().nullable(),
  series_uuid: z.uuid().nullable(),
  appointments: z.array(
    deskAppointment.extend({
      ends_at: z.string(),
      price_cents: z.number().int(),
      refund_cents: z.number().int(),
      canceled_at: z.string().nullable(),
      canceled_by: actor.nullable(),
    }),
  ),
  payment: z
    .object({
      uuid: z.uuid(),
      method: z.string(),
      status: z.string(),
      amount_cents: z.number().int(),
      refunded_cents: z.number().int(),
      provider_ref: z.string().nullable(),
      paid_at: z.string().nullable(),
      card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    })
    .nullable(),
  refunds: z.array(
    z.object({
      uuid: z.uuid(),
      amount_cents: z.number().int(),
      status: z.string(),
      reason: z.string(),
      created_at: z.string(),
    }),
  ),
  mails: z.array(deskMailSchema),
  history: z.array(deskHistorySchema),
});
export type DeskBookingDetail = z.infer<typeof deskBookingDetailSchema>;
export const deskBookingResponse = z.object({ data: deskBookingDetailSchema });

export const deskCancelBody = z.object({
  reason: z
    .string({ message: 'Diga o motivo do cancelamento.' })
    .trim()
    .min(3, 'Diga o motivo do cancelamento.')
    .max(300, 'Motivo longo demais.'),
});

export const deskMessages = {
  notFound: 'Reserva não encontrada.',
  nothingToCancel: 'Esta reserva não tem horários que ainda possam ser cancelados.',
} as const;

/** What the refund rows' `reason` means, for the booking page and its history. */
export const refundReasonLabels: Record<string, string> = {
  customer_cancel: 'cancelamento pelo especialista',
  partner_cancel: 'cancelamento pela clínica',
  operator_cancel: 'cancelamento pela operação',
  late_payment: 'pagamento fora do prazo',
  provider: 'devolvido pelo provedor',
};
