/**
 * Horário fixo (decision 0024): POST /api/customer/series/preview, POST /api/customer/series,
 * GET /api/customer/series, POST /api/customer/series/{uuid}/skip, POST /api/customer/series/{uuid}/cancel.
 */
import { z } from 'zod';
import { SERIES_MAX_WEEKS, seriesMessages } from '#common/domain/series';
import { bookingSchema } from './booking.ts';
import { marketDate, marketInstant } from './dates.ts';

const isoDate = marketDate();

export const seriesBody = z.object({
  room_uuid: z.uuid({ message: 'Sala não encontrada.' }),
  /** The first occurrence's start, ISO 8601 with the clinic's offset. */
  date_time: marketInstant('Horário inválido.'),
  minutes: z.coerce.number({ message: seriesMessages.minutes }).int(seriesMessages.minutes).min(30).max(720),
  /** Weeks in all, or null: until canceled. */
  weeks: z.coerce
    .number({ message: seriesMessages.weeks })
    .int(seriesMessages.weeks)
    .min(1, seriesMessages.weeks)
    .max(SERIES_MAX_WEEKS, seriesMessages.weeks)
    .nullable(),
  /** Weeks to leave out (their dates), e.g. the ones already taken. */
  skip_dates: z.array(isoDate).max(60).default([]),
  payment_method: z.enum(['card', 'pix'], { message: 'Escolha cartão ou Pix.' }),
  card_uuid: z.uuid({ message: 'Escolha um cartão.' }).nullish(),
  card_token: z.string().trim().min(8).max(200).nullish(),
});
export type SeriesBody = z.input<typeof seriesBody>;

export const seriesOccurrenceSchema = z.object({
  date: z.string(),
  date_time: z.string(),
  /** free, taken (by someone else or a block), or skipped (asked). */
  state: z.enum(['free', 'taken', 'skipped']),
});
export const seriesMonthSchema = z.object({
  month: z.string(),
  weeks: z.number().int(),
  amount_cents: z.number().int(),
  /** When it is charged: at once for the first month, else a few days before the month. */
  charge_at: z.string(),
});
export const seriesPreviewResponse = z.object({
  data: z.object({
    occurrences: z.array(seriesOccurrenceSchema),
    months: z.array(seriesMonthSchema),
  }),
});
export type SeriesPreview = z.infer<typeof seriesPreviewResponse>['data'];

export const seriesSchema = z.object({
  uuid: z.uuid(),
  status: z.enum(['active', 'canceled']),
  room: z.object({ uuid: z.uuid(), name: z.string(), clinic: z.string() }),
  /** 0 = Sunday. */
  weekday: z.number().int(),
  time: z.string(),
  minutes: z.number().int(),
  weeks: z.number().int().nullable(),
  first_date: z.string(),
  skipped_dates: z.array(z.string()),
  payment_method: z.enum(['card', 'pix']),
  months: z.array(
    z.object({
      month: z.string(),
      booking_uuid: z.uuid(),
      status: z.string(),
      payment_status: z.string(),
      amount_cents: z.number().int(),
      charge_at: z.string().nullable(),
      dates: z.array(z.string()),
    }),
  ),
});
export type Series = z.infer<typeof seriesSchema>;
export const seriesResponse = z.object({ data: seriesSchema });
export const seriesListResponse = z.object({ data: z.array(seriesSchema) });
export const seriesCreatedResponse = z.object({
  data: z.object({ series: seriesSchema, booking: bookingSchema }),
});

export const seriesSkipBody = z.object({ date: isoDate });
export const seriesChangeResponse = z.object({
  data: z.object({ series: seriesSchema, refund_cents: z.number().int(), canceled: z.number().int() }),
});
