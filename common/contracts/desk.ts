/**
 * The operator's desk (DESIGN §9 "The operator's desk and the specialist's booking"): bookings newest
 * first, searched by person name, e-mail, CPF, room or booking uuid; one booking with its payment and
 * refunds; the operator's cancel with a reason (full refund through the lifecycle).
 */
import { z } from 'zod';
import { pageMeta, pageQuery } from './rooms.ts';

export const deskBookingStatuses = ['pending_payment', 'confirmed', 'canceled', 'expired', 'failed'] as const;

export const deskQuery = pageQuery.extend({
  search: z.string().trim().max(120, 'Busca longa demais.').optional(),
  status: z.enum(deskBookingStatuses, { message: 'Situação inválida.' }).optional(),
});

const person = z.object({ uuid: z.uuid(), name: z.string(), email: z.string() });
const deskAppointment = z.object({ uuid: z.uuid(), date_time: z.string(), status: z.string() });

export const deskBookingSchema = z.object({
  uuid: z.uuid(),
  customer: person,
  room: z.object({ uuid: z.uuid(), name: z.string() }),
  status: z.string(),
  amount_cents: z.number().int(),
  created_at: z.string(),
  appointments: z.array(deskAppointment),
});
export type DeskBooking = z.infer<typeof deskBookingSchema>;
export const deskBookingPage = z.object({ data: z.array(deskBookingSchema), meta: pageMeta });

export const deskBookingDetailSchema = deskBookingSchema.extend({
  clinic: z.object({ uuid: z.uuid(), name: z.string() }),
  payment: z
    .object({
      uuid: z.uuid(),
      method: z.string(),
      status: z.string(),
      amount_cents: z.number().int(),
      refunded_cents: z.number().int(),
      provider_ref: z.string().nullable(),
      paid_at: z.string().nullable(),
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
