/** Public room browsing (SPEC §7 Rooms; DESIGN §4 "Room summary", search, availability). */
import { z } from 'zod';
import { searchFilters, searchSorts } from '../domain/rooms.ts';
import { marketDate } from './dates.ts';

// The plain values beside the schemas (messages, labels, enums), for the server's imports.
export * from '../domain/rooms.ts';

import { bookingRulesSchema } from './booking-rules.ts';
import { facilitySchema, hourRange, photoSchema } from './supply.ts';

export const pageQuery = z.object({
  page: z.coerce
    .number({ message: 'Página inválida.' })
    .int()
    .min(1, 'Página inválida.')
    .max(100_000)
    .default(1),
  per_page: z.coerce.number().int().min(1).max(100, 'No máximo 100 por página.').default(15),
});
export const pageMeta = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMeta>;

export const publicAddressSchema = z.object({
  street: z.string(),
  number: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
});

export const roomSummarySchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  description: z.string(),
  price_per_minute: z.string(),
  hour_price_cents: z.number().int(),
  fixed: z.number().int(),
  clinic: z.object({ uuid: z.uuid(), name: z.string(), address: publicAddressSchema.nullable() }),
  facilities: z.array(facilitySchema),
  photos: z.array(photoSchema),
});
export type RoomSummary = z.infer<typeof roomSummarySchema>;
export const roomPageResponse = z.object({ data: z.array(roomSummarySchema), meta: pageMeta });

export const roomDetailSchema = roomSummarySchema.extend({
  clinic: roomSummarySchema.shape.clinic.extend({
    description: z.string(),
    timezone: z.string(),
    phones: z.array(z.object({ area_code: z.string(), number: z.string(), type: z.string() })),
  }),
  hours: z.array(hourRange),
  /** The rules the room's slots and bookings follow (decision 0023). */
  booking_rules: bookingRulesSchema,
  /**
   * Present (true) only when the room's partner reads a room visitors cannot see — a draft or an
   * inactive room (decision 0038): the page is a preview and takes no booking.
   */
  preview: z.literal(true).optional(),
});
export type RoomDetail = z.infer<typeof roomDetailSchema>;
export const roomDetailResponse = z.object({ data: roomDetailSchema });

const isoDate = marketDate();

export const searchBody = z.object({
  value: z.string().trim().max(120, 'Busca longa demais.').nullish(),
  date: z.union([z.literal(''), isoDate]).nullish(),
  attributeToFilter: z.enum(searchFilters, { message: 'Filtro inválido.' }).nullish(),
  attributeSortBy: z.enum(searchSorts, { message: 'Ordenação inválida.' }).nullish(),
});
export type SearchBody = z.input<typeof searchBody>;

export const bulkAvailabilityBody = z.object({
  dateBulk: z
    .array(isoDate, { message: 'Informe as datas.' })
    .min(1, 'Escolha pelo menos uma data.')
    .max(62, 'No máximo 62 datas de uma vez.'),
});
export const bulkAvailabilityResponse = z.object({
  data: z.array(
    z.object({
      date: z.string(),
      slots: z.array(z.object({ date_time: z.string(), available: z.boolean() })),
    }),
  ),
});
