/** Public room browsing (SPEC §7 Rooms; DESIGN §4 "Room summary", search, availability). */
import { z } from 'zod';
import { MAX_SEARCH_FACILITIES, searchFilters, searchSorts, suggestionKinds } from '../domain/rooms.ts';
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
  /** The visible reviews' average, one decimal (4.7); null without reviews (DESIGN §10 "Reviews"). */
  rating_avg: z.number().nullable(),
  rating_count: z.number().int(),
  /** The clinic's place (WGS 84); null until geocoded or pinned (DESIGN §10 "Where rooms are"). */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type RoomSummary = z.infer<typeof roomSummarySchema>;

/**
 * A start a person may book on the searched day (decision 0042): `date_time` as the room page's
 * slots write it, `hours` the slots a tap picks (one, or the room's minimum stretch from it).
 */
export const freeStartSchema = z.object({ date_time: z.string(), hours: z.array(z.string()) });
export type FreeStart = z.infer<typeof freeStartSchema>;

/** A search result: the room's summary and, when the search has a date, that day's first free starts. */
export const roomResultSchema = roomSummarySchema.extend({
  /** Only with a date: the day's first free starts (at most 4), in order. */
  free_hours: z.array(freeStartSchema).optional(),
  /** Only with a date: how many free starts the day has in all. */
  free_hours_total: z.number().int().optional(),
  /** Only with `near`: kilometres from that point, one decimal as the card says it ("a 1,2 km"). */
  distance_km: z.number().optional(),
});
export type RoomResult = z.infer<typeof roomResultSchema>;

/**
 * What the filters offer for the text searched (before the filters narrow it): the neighbourhoods
 * and facilities of the matching rooms, with how many rooms each has.
 */
export const searchFacetsSchema = z.object({
  neighborhoods: z.array(
    z.object({ name: z.string(), cities: z.array(z.string()), count: z.number().int() }),
  ),
  facilities: z.array(z.object({ uuid: z.uuid(), name: z.string(), count: z.number().int() })),
  /** The lowest and highest hour price (centavos) among the matching rooms; null when none. */
  price_cents: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
});
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

export const roomPageResponse = z.object({
  data: z.array(roomResultSchema),
  meta: pageMeta,
  facets: searchFacetsSchema.optional(),
});
export type RoomPage = z.infer<typeof roomPageResponse>;

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

const latitude = z
  .number({ message: 'Latitude inválida.' })
  .min(-90, 'Latitude inválida.')
  .max(90, 'Latitude inválida.');
const longitude = z
  .number({ message: 'Longitude inválida.' })
  .min(-180, 'Longitude inválida.')
  .max(180, 'Longitude inválida.');
/** A point on the map (WGS 84 degrees). */
export const geoPoint = z.object({ lat: latitude, lng: longitude }, { message: 'Ponto inválido.' });
export type GeoPoint = z.infer<typeof geoPoint>;
/** The map's view: south-west and north-east corners (a box across the antimeridian is refused). */
export const geoBox = z
  .object(
    { south: latitude, west: longitude, north: latitude, east: longitude },
    { message: 'Área inválida.' },
  )
  .refine((b) => b.south <= b.north && b.west <= b.east, { message: 'Área inválida.' });
export type GeoBox = z.infer<typeof geoBox>;

/** GET /api/geocode?q=…: an address or a CEP typed to search near it (DESIGN §10 "Where rooms are"). */
export const geocodeQuery = z.object({
  q: z
    .string({ message: 'Informe o endereço ou o CEP.' })
    .trim()
    .min(3, 'Informe o endereço ou o CEP.')
    .max(200, 'Endereço longo demais.'),
});
/** The point found and how to name it ("Avenida Paulista, Bela Vista, São Paulo – SP"). */
export const geocodeResponse = z.object({
  data: z.object({ lat: z.number(), lng: z.number(), label: z.string() }),
});
export type GeocodeAnswer = z.infer<typeof geocodeResponse>['data'];

const priceCents = (label: string) =>
  z
    .number({ message: `${label} inválido.` })
    .int(`${label} inválido.`)
    .min(0, `${label} não pode ser negativo.`)
    .max(10_000_000, `${label} alto demais.`)
    .nullish();

export const searchBody = z
  .object({
    value: z.string().trim().max(120, 'Busca longa demais.').nullish(),
    date: z.union([z.literal(''), isoDate]).nullish(),
    attributeToFilter: z.enum(searchFilters, { message: 'Filtro inválido.' }).nullish(),
    /** `relevance` when absent (decision 0042). */
    attributeSortBy: z.enum(searchSorts, { message: 'Ordenação inválida.' }).nullish(),
    /** Rooms of this neighbourhood (accents and case ignored, the whole name). */
    neighborhood: z.string({ message: 'Bairro inválido.' }).trim().max(120, 'Bairro longo demais.').nullish(),
    /** Hour price bounds in centavos, both inclusive. */
    min_price_cents: priceCents('Preço mínimo'),
    max_price_cents: priceCents('Preço máximo'),
    /** Rooms with every one of these facilities (uuids of GET /api/facilities). */
    facilities: z
      .array(z.uuid({ message: 'Diferencial inválido.' }), { message: 'Diferenciais inválidos.' })
      .max(MAX_SEARCH_FACILITIES, `No máximo ${MAX_SEARCH_FACILITIES} diferenciais.`)
      .nullish(),
    /** Rooms whose reviews average at least this ("4 estrelas ou mais"); rooms without reviews are out. */
    min_rating: z
      .number({ message: 'Avaliação mínima inválida.' })
      .min(1, 'Avaliação mínima inválida.')
      .max(5, 'Avaliação mínima inválida.')
      .nullish(),
    /** Nearest first from this point, each result with `distance_km`. */
    near: geoPoint.nullish(),
    /** Only rooms inside this box (the map's view). */
    bbox: geoBox.nullish(),
  })
  .refine((b) => b.attributeSortBy !== 'distance' || b.near != null, {
    message: 'Para ordenar por distância, informe um ponto de partida.',
    path: ['attributeSortBy'],
  })
  .refine(
    (b) => b.min_price_cents == null || b.max_price_cents == null || b.min_price_cents <= b.max_price_cents,
    { message: 'O preço mínimo não pode ser maior que o máximo.', path: ['min_price_cents'] },
  );
export type SearchBody = z.input<typeof searchBody>;

/** GET /api/rooms/suggestions?q=…: what the search field suggests as a person types. */
export const suggestionsQuery = z.object({
  q: z
    .string({ message: 'Informe o texto.' })
    .trim()
    .min(1, 'Informe o texto.')
    .max(60, 'Texto longo demais.'),
});
export const suggestionSchema = z.object({
  kind: z.enum(suggestionKinds),
  /** What the person reads: "Pinheiros". */
  label: z.string(),
  /** Where it is: "São Paulo, SP" for a neighbourhood, "SP" for a city, the place of a clinic. */
  detail: z.string(),
  /** The search text it stands for (a state: its abbreviation). */
  value: z.string(),
  /** A neighbourhood's city: its search is the city with the neighbourhood filter. */
  city: z.string().optional(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;
export const suggestionsResponse = z.object({ data: z.array(suggestionSchema) });

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
