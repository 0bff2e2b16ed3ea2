/** The city pages (/salas/{cidade}, DESIGN §9) and the list of cities with rooms (decision 0044). */
import { z } from 'zod';
import { pageMeta, pageQuery, roomSummarySchema } from './rooms.ts';

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
  /** The rooms of the asked page (pinned first, then by name), CITY_PAGE_ROOMS a page. */
  rooms: z.array(roomSummarySchema),
});
export type CityPage = z.infer<typeof cityPageSchema>;
/** `?page=N` (1-based): the city's rooms come CITY_PAGE_ROOMS a page. */
export const cityPageQuery = pageQuery.pick({ page: true });
export const cityPageResponse = z.object({ data: cityPageSchema, meta: pageMeta });
/** What the city page draws from: the page and where it stands among the city's pages. */
export type CityPageResult = CityPage & { meta: z.infer<typeof pageMeta> };

/** The rooms a city page lists at once: full rows of 1, 2, 3 or 4 columns. */
export const CITY_PAGE_ROOMS = 24;
