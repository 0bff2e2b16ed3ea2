import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { addresses, clinics, rooms } from '../../db/schema.ts';
import { bookableRoomCondition } from '../rooms/room.repository.ts';

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

/** The bookable rooms of one city (its folded name, one state), pinned first, then by name. */
export function cityRoomIds(db: Executor, city: string, state: string, limit: number) {
  return db
    .select({ id: rooms.id })
    .from(rooms)
    .innerJoin(clinics, eq(clinics.id, rooms.clinicId))
    .innerJoin(addresses, eq(addresses.id, clinics.addressId))
    .where(
      and(
        bookableRoomCondition(),
        eq(addresses.cityFolded, sql`salas_fold(${city})`),
        eq(addresses.state, state),
      ),
    )
    .orderBy(desc(rooms.fixed), asc(rooms.name), asc(rooms.id))
    .limit(limit);
}
