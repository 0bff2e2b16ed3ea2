/**
 * The partner's day (issue 31, DESIGN §9): the agenda as a calendar — every appointment and block of
 * a range, no paging — and bookings the partner records for someone off the platform.
 */
import { z } from 'zod';
import { partnerAppointmentSchema } from './booking.ts';
import { marketDate, marketInstant } from './dates.ts';
import { blockSchema } from './supply.ts';
import { multiLine, singleLine } from './text.ts';

/** The longest range one calendar request covers (a month view with its edge weeks). */
export const CALENDAR_MAX_DAYS = 42;

export const agendaMessages = {
  rangeOrder: 'A data final deve ser igual ou posterior à inicial.',
  rangeTooLong: `Escolha um período de até ${CALENDAR_MAX_DAYS} dias.`,
  nameRequired: 'Informe o nome de quem vai usar a sala.',
  slotTaken: 'Algum horário escolhido já está reservado ou bloqueado.',
  closedHour: 'Escolha horários dentro do funcionamento da sala.',
  past: 'Escolha horários que ainda não passaram.',
  created: 'Reserva registrada.',
  wholeOnlyOutside: 'Só uma reserva de fora pode ser cancelada inteira de uma vez.',
} as const;

export const calendarQuery = z
  .object({
    dateInit: marketDate('Data inicial inválida.'),
    dateEnd: marketDate('Data final inválida.'),
    clinic: z.uuid({ message: 'Clínica inválida.' }).optional(),
    room: z.uuid({ message: 'Sala inválida.' }).optional(),
  })
  .refine((q) => q.dateInit <= q.dateEnd, { message: agendaMessages.rangeOrder, path: ['dateEnd'] })
  .refine((q) => (Date.parse(q.dateEnd) - Date.parse(q.dateInit)) / 86_400_000 < CALENDAR_MAX_DAYS, {
    message: agendaMessages.rangeTooLong,
    path: ['dateEnd'],
  });
export type CalendarQuery = z.infer<typeof calendarQuery>;

export const calendarBlockSchema = blockSchema.extend({ room_name: z.string() });
export type CalendarBlock = z.infer<typeof calendarBlockSchema>;

/** Everything of the range at once: the appointments (every status) and the blocks of the partner's rooms. */
export const calendarResponse = z.object({
  data: z.object({
    appointments: z.array(partnerAppointmentSchema),
    blocks: z.array(calendarBlockSchema),
  }),
});
export type PartnerCalendar = z.infer<typeof calendarResponse>['data'];

const outsideName = singleLine(
  z
    .string({ message: agendaMessages.nameRequired })
    .trim()
    .min(2, agendaMessages.nameRequired)
    .max(120, 'Nome longo demais.'),
);

/** POST /api/partner/room/{roomId}/manual-booking (DESIGN §9). */
export const manualBookingBody = z.object({
  date_times: z
    .array(marketInstant('Horário inválido.'), { message: 'Escolha os horários.' })
    .min(1, 'Escolha pelo menos um horário.')
    .max(200, 'No máximo 200 horários por reserva.'),
  customer_name: outsideName,
  customer_email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'E-mail longo demais.')
    .pipe(z.email({ message: 'Informe um e-mail válido.' }))
    .or(z.literal('').transform(() => undefined))
    .nullish(),
  note: multiLine(z.string().trim().max(500, 'A observação pode ter até 500 caracteres.')).nullish(),
});
export type ManualBookingBody = z.input<typeof manualBookingBody>;

/**
 * What became of the mail to the person (DESIGN §10): `sent` (written to the outbox), `limited`
 * (the partner's limit of mails to people outside the platform was reached: the booking stands, no
 * mail), `none` (no e-mail given).
 */
export const outsideMailOutcomes = ['sent', 'limited', 'none'] as const;
export type OutsideMailOutcome = (typeof outsideMailOutcomes)[number];

export const manualBookingSchema = z.object({
  uuid: z.uuid(),
  status: z.string(),
  room: z.object({ uuid: z.uuid(), name: z.string() }),
  customer_name: z.string(),
  customer_email: z.string().nullable(),
  note: z.string().nullable(),
  appointments: z.array(z.object({ uuid: z.uuid(), date_time: z.string(), status: z.string() })),
  mail: z.enum(outsideMailOutcomes),
});
export type ManualBooking = z.infer<typeof manualBookingSchema>;
export const manualBookingResponse = z.object({ data: manualBookingSchema });
