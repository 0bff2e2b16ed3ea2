import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { addresses, clinics, rooms } from '../../db/schema.ts';
import { bookableRoomCondition } from '../availability/bookable-room.ts';

/** The cities with a bookable room: their name as written, state, how many rooms and the lowest price. */
export function citiesWithRooms(db: Executor) {
  return db
    .select({
      city: sql<string>`min(${addresses.city})`,
      state: addresses.state,
      rooms: sql<number>`count(*)::int`,
      minPricePerMinute: sql<string>`min(${rooms.pricePerMinute})`,
    })
    .from(rooms)
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .innerJoin(addresses, eq(addresses.id, clinics.addressId))
    .where(bookableRoomCondition())
    .groupBy(addresses.cityFolded, addresses.state)
    .orderBy(desc(sql`count(*)`), asc(sql`min(${addresses.city})`));
}

/** A city as `citiesWithRooms` names it: one state's spelling (two states' cities share a page). */
export type CityPlace = { city: string; state: string };

/** The bookable rooms of the city's places (each its folded name and state). */
function inCity(places: CityPlace[]): SQL | undefined {
  return and(
    bookableRoomCondition(),
    or(
      ...places.map((p) =>
        and(eq(addresses.cityFolded, sql`salas_fold(${p.city})`), eq(addresses.state, p.state)),
      ),
    ),
  );
}

/** One page of a city's bookable rooms, pinned first, then by name. */
export function cityRoomIds(db: Executor, places: CityPlace[], limit: number, offset: number) {
  return db
    .select({ id: rooms.id })
    .from(rooms)
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .innerJoin(addresses, eq(addresses.id, clinics.addressId))
    .where(inCity(places))
    .orderBy(desc(rooms.fixed), asc(rooms.name), asc(rooms.id))
    .limit(limit)
    .offset(offset);
}

/** The neighbourhoods of a city's bookable rooms, with how many rooms each (every page's, not one). */
export function cityNeighborhoods(db: Executor, places: CityPlace[]) {
  return db
    .select({ name: addresses.neighborhood, rooms: sql<number>`count(*)::int` })
    .from(rooms)
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .innerJoin(addresses, eq(addresses.id, clinics.addressId))
    .where(inCity(places))
    .groupBy(addresses.neighborhood);
}
