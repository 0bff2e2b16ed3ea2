/** The city pages (/salas/{cidade}, DESIGN §9) and the list of cities with rooms (decision 0044). */
import { z } from 'zod';
import { roomSummarySchema } from './rooms.ts';

export const citySchema = z.object({
  /** /salas/{slug}: lower case, no accents, hyphens. */
  slug: z.string(),
  name: z.string(),
  state: z.string(),
  /** Bookable rooms in the city. */
  rooms: z.number().int(),
  /** The lowest hour price among them, in centavos. */
  price_from_cents: z.number().int(),
});
export type City = z.infer<typeof citySchema>;
export const citiesResponse = z.object({ data: z.array(citySchema) });

export const citySlugParams = z.object({
  slug: z
    .string()
    .max(80, 'Cidade não encontrada.')
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Cidade não encontrada.'),
});

export const cityPageSchema = z.object({
  city: citySchema,
  /** The city's neighbourhoods with rooms, the most rooms first. */
  neighborhoods: z.array(z.object({ name: z.string(), rooms: z.number().int() })),
  /** Its rooms (pinned first, then by name), at most CITY_PAGE_ROOMS. */
  rooms: z.array(roomSummarySchema),
});
export type CityPage = z.infer<typeof cityPageSchema>;
export const cityPageResponse = z.object({ data: cityPageSchema });

/** The most rooms a city page lists (the rest through the search). */
export const CITY_PAGE_ROOMS = 60;
