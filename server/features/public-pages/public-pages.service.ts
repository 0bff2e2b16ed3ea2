/**
 * The cities with rooms and each city's page (decision 0044): the data behind /salas/{cidade},
 * the home's list of cities and the sitemap.
 */
import { CITY_PAGE_ROOMS, type City, type CityPage } from '#common/contracts/cities';
import type { PageMeta } from '#common/contracts/rooms';
import { citySlug } from '#common/domain/cities';
import { AppError } from '#common/errors';
import { hourPriceCents } from '#common/money';
import type { Services } from '../../services.ts';
import { roomSummaries } from '../search/search.service.ts';
import { citiesWithRooms, cityNeighborhoods, cityRoomIds } from './public-pages.repository.ts';

export const CITY_NOT_FOUND = 'Não há salas publicadas nesta cidade.';

/** Every city with a bookable room, the most rooms first. Two states' cities of one name share a page. */
export async function listCities(s: Services): Promise<City[]> {
  return citiesOf(await citiesWithRooms(s.db));
}

function citiesOf(rows: Awaited<ReturnType<typeof citiesWithRooms>>): City[] {
  const bySlug = new Map<string, City>();
  for (const row of rows) {
    const slug = citySlug(row.city);
    if (!slug) continue;
    const price = hourPriceCents(row.minPricePerMinute);
    const seen = bySlug.get(slug);
    if (seen) {
      seen.rooms += row.rooms;
      seen.price_from_cents = Math.min(seen.price_from_cents, price);
    } else {
      bySlug.set(slug, { slug, name: row.city, state: row.state, rooms: row.rooms, price_from_cents: price });
    }
  }
  return [...bySlug.values()];
}

/**
 * A page of a city's rooms, CITY_PAGE_ROOMS a page, with the neighbourhoods of all of them; not
 * found when no bookable room is in it (the page answers 404). A page past the last has no rooms
 * (its meta says which is the last).
 */
export async function cityPage(
  s: Services,
  slug: string,
  page = 1,
): Promise<{ data: CityPage; meta: PageMeta }> {
  const rows = (await citiesWithRooms(s.db)).filter((row) => citySlug(row.city) === slug);
  const [city] = citiesOf(rows);
  if (!city || rows.length === 0) throw new AppError('not_found', CITY_NOT_FOUND);
  const [ids, counts] = await Promise.all([
    cityRoomIds(s.db, rows, CITY_PAGE_ROOMS, (page - 1) * CITY_PAGE_ROOMS),
    cityNeighborhoods(s.db, rows),
  ]);
  const rooms = await roomSummaries(
    s,
    ids.map((r) => r.id),
  );
  const byName = new Map<string, number>();
  for (const n of counts) byName.set(n.name, (byName.get(n.name) ?? 0) + n.rooms);
  const neighborhoods = [...byName]
    .map(([name, n]) => ({ name, rooms: n }))
    .sort((a, b) => b.rooms - a.rooms || a.name.localeCompare(b.name, 'pt-BR'));
  return {
    data: { city, neighborhoods, rooms },
    meta: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(city.rooms / CITY_PAGE_ROOMS)),
      per_page: CITY_PAGE_ROOMS,
      total: city.rooms,
    },
  };
}
